package dev.switchboard.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import java.util.List;

/**
 * The attribute names the spans carry: OpenTelemetry's GenAI conventions where they have one,
 * LangGraph's run-metadata names where LangGraph users look for them, and {@code switchboard.*}
 * for the rest.
 */
public final class SpanNames {
    /** {@code gen_ai.operation.name}: {@code invoke_workflow} on run spans, {@code chat} on model calls. */
    public static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
    /** {@code gen_ai.workflow.name}: the graph's name. */
    public static final AttributeKey<String> WORKFLOW = AttributeKey.stringKey("gen_ai.workflow.name");
    /** {@code gen_ai.conversation.id}: the thread id. */
    public static final AttributeKey<String> CONVERSATION = AttributeKey.stringKey("gen_ai.conversation.id");
    /** {@code gen_ai.provider.name}: the model provider. */
    public static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("gen_ai.provider.name");
    /** {@code gen_ai.request.model}. */
    public static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    /** {@code gen_ai.response.model}. */
    public static final AttributeKey<String> RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
    /** {@code gen_ai.response.id}. */
    public static final AttributeKey<String> RESPONSE_ID = AttributeKey.stringKey("gen_ai.response.id");
    /** {@code gen_ai.response.finish_reasons}. */
    public static final AttributeKey<List<String>> FINISH_REASONS =
            AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
    /** {@code gen_ai.usage.input_tokens}. */
    public static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    /** {@code gen_ai.usage.output_tokens}. */
    public static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");

    /** {@code switchboard.run_id}. */
    public static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("switchboard.run_id");
    /** {@code switchboard.namespace}: the subgraph path, empty at the root. */
    public static final AttributeKey<String> NAMESPACE = AttributeKey.stringKey("switchboard.namespace");
    /** {@code switchboard.outcome}: {@code finished}, {@code paused} or {@code failed} (runs); tasks add {@code retried}, {@code interrupted}, {@code cached}. */
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("switchboard.outcome");
    /** {@code switchboard.node}. */
    public static final AttributeKey<String> NODE = AttributeKey.stringKey("switchboard.node");
    /** {@code switchboard.step}. */
    public static final AttributeKey<Long> STEP = AttributeKey.longKey("switchboard.step");
    /** {@code switchboard.task_id}. */
    public static final AttributeKey<String> TASK_ID = AttributeKey.stringKey("switchboard.task_id");
    /** {@code switchboard.attempt}, from 1. */
    public static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("switchboard.attempt");
    /** {@code switchboard.checkpoint_id}: the checkpoint the task's superstep started from. */
    public static final AttributeKey<String> CHECKPOINT_ID = AttributeKey.stringKey("switchboard.checkpoint_id");
    /** {@code langgraph_node}, as in LangGraph's run metadata. */
    public static final AttributeKey<String> LANGGRAPH_NODE = AttributeKey.stringKey("langgraph_node");
    /** {@code langgraph_step}. */
    public static final AttributeKey<Long> LANGGRAPH_STEP = AttributeKey.longKey("langgraph_step");
    /** {@code langgraph_triggers}. */
    public static final AttributeKey<List<String>> LANGGRAPH_TRIGGERS =
            AttributeKey.stringArrayKey("langgraph_triggers");
    /** {@code langgraph_checkpoint_ns}: {@code node:taskId} entries joined by {@code |}, as LangGraph. */
    public static final AttributeKey<String> LANGGRAPH_CHECKPOINT_NS =
            AttributeKey.stringKey("langgraph_checkpoint_ns");

    private SpanNames() {}
}
