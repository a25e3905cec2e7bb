package dev.switchboard.processor.generate;

import com.palantir.javapoet.ClassName;
import dev.switchboard.processor.model.RuntimeNames;

/** The runtime types generated code refers to, as JavaPoet names, in one place. */
final class ClassNames {
    static final String RUNTIME = RuntimeNames.RUNTIME;
    static final String SPI = RUNTIME + ".spi";

    static final ClassName STATE_UPDATE = ClassName.get(RUNTIME, "StateUpdate");
    static final ClassName OVERWRITE = ClassName.get(RUNTIME, "Overwrite");
    static final ClassName SEND = ClassName.get(RUNTIME, "Send");
    static final ClassName NODE_CONTEXT = ClassName.get(RUNTIME, "NodeContext");
    static final ClassName CONTEXTUAL_GRAPH = ClassName.get(RUNTIME, "ContextualGraph");
    static final ClassName RUN_CONFIG = ClassName.get(RUNTIME, "RunConfig");
    static final ClassName GRAPH_OUTPUT = ClassName.get(RUNTIME, "GraphOutput");
    static final ClassName GRAPH_BUILDER = ClassName.get(RUNTIME, "GraphBuilder");
    static final ClassName RETRY_POLICY = ClassName.get(RUNTIME, "RetryPolicy");

    static final ClassName STATE_SCHEMA = ClassName.get(SPI, "StateSchema");
    static final ClassName COMPONENT_SPEC = ClassName.get(SPI, "ComponentSpec");
    static final ClassName VALUE_SOURCE = ClassName.get(SPI, "ValueSource");
    static final ClassName WRITE_SINK = ClassName.get(SPI, "WriteSink");
    static final ClassName GENERATED_UPDATE = ClassName.get(SPI, "GeneratedUpdate");
    static final ClassName VALUES = ClassName.get(SPI, "Values");
    static final ClassName NODE_DISPATCHER = ClassName.get(SPI, "NodeDispatcher");
    static final ClassName WORKFLOW_STATE = ClassName.get(SPI, "WorkflowState");
    static final ClassName ENTRYPOINT_CALL = ClassName.get(SPI, "EntrypointCall");
    static final ClassName TASK_DEF = ClassName.get(SPI, "TaskDef");
    static final ClassName TASK_CALLER = ClassName.get(SPI, "TaskCaller");
    static final ClassName SCHEMA_HISTORY = ClassName.get(SPI, "SchemaHistory");

    static final ClassName CHANNEL_SPEC = ClassName.get(RUNTIME + ".channel", "ChannelSpec");
    static final ClassName GRAPH_DEFINITION = ClassName.get(SPI, "GraphDefinition");
    static final ClassName PREGEL_GRAPH = ClassName.get(RUNTIME + ".pregel", "PregelGraph");
    static final ClassName WORKFLOW_GRAPH = ClassName.get(RUNTIME + ".pregel", "WorkflowGraph");
    static final ClassName VALUE_TYPE = ClassName.get(RUNTIME + ".serde", "ValueType");
    static final ClassName SEALED_TYPE = ClassName.get(RUNTIME + ".serde", "SealedType");
    static final ClassName VALUE_CODEC = ClassName.get(RUNTIME + ".serde", "ValueCodec");

    static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");
    static final ClassName LIST = ClassName.get("java.util", "List");
    static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
    static final ClassName DURATION = ClassName.get("java.time", "Duration");
    static final ClassName BI_CONSUMER = ClassName.get("java.util.function", "BiConsumer");
    static final ClassName EXECUTION_EXCEPTION = ClassName.get("java.util.concurrent", "ExecutionException");
    static final ClassName COMPLETABLE_FUTURE = ClassName.get("java.util.concurrent", "CompletableFuture");
    static final ClassName ARRAYS = ClassName.get("java.util", "Arrays");

    private ClassNames() {}
}
