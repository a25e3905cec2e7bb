package dev.switchboard.opentelemetry;

import static dev.switchboard.opentelemetry.SpanNames.*;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.RunListener;
import dev.switchboard.runtime.TaskInfo;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link RunListener} that traces runs with OpenTelemetry: a span per run ({@code
 * invoke_workflow <graph>}, with {@code gen_ai.operation.name}, {@code gen_ai.workflow.name} and
 * {@code gen_ai.conversation.id} = thread id) as a child of the caller's current span, and a child
 * span per task attempt (named after the node, with {@code switchboard.node/step/task_id/
 * checkpoint_id} and LangGraph's {@code langgraph_node/step/triggers/checkpoint_ns}). The task span
 * is current on the node's thread while it runs, so spans the node's own code starts (an HTTP
 * client's, a model call's) nest under it, and so does a subgraph's run. Failures are recorded on
 * the span with status {@code ERROR}; a retried attempt ends its span with outcome {@code retried}.
 *
 * <pre>{@code
 * XxxGraph graph = XxxGraph.builder(nodes).listener(OpenTelemetryListener.create(openTelemetry)).build();
 * }</pre>
 */
public final class OpenTelemetryListener implements RunListener {
    /** The instrumentation scope name spans are created under. */
    public static final String SCOPE = "dev.switchboard";

    private final Tracer tracer;
    private final Map<String, Span> runs = new ConcurrentHashMap<>();
    /** Open task spans by their task: the runtime ends an attempt with the TaskInfo it started it with. */
    private final Map<TaskInfo, Open> tasks = new ConcurrentHashMap<>();

    private record Open(Span span, Scope scope) {}

    private OpenTelemetryListener(Tracer tracer) {
        this.tracer = tracer;
    }

    /**
     * Creates a listener tracing through an OpenTelemetry instance.
     *
     * @param openTelemetry the application's OpenTelemetry (its SDK, or {@code GlobalOpenTelemetry.get()})
     * @return the listener
     */
    public static OpenTelemetryListener create(OpenTelemetry openTelemetry) {
        Objects.requireNonNull(openTelemetry, "openTelemetry");
        return new OpenTelemetryListener(openTelemetry.getTracer(SCOPE));
    }

    @Override
    public void runStarted(RunInfo run) {
        var builder = tracer.spanBuilder("invoke_workflow " + run.graph())
                .setSpanKind(SpanKind.INTERNAL)
                .setParent(Context.current())
                .setAttribute(OPERATION, "invoke_workflow")
                .setAttribute(WORKFLOW, run.graph())
                .setAttribute(RUN_ID, run.runId())
                .setAttribute(NAMESPACE, String.join("|", run.namespace()));
        if (run.threadId() != null) {
            builder.setAttribute(CONVERSATION, run.threadId());
        }
        runs.put(run.runId(), builder.startSpan());
    }

    @Override
    public void runFinished(RunInfo run, Duration elapsed) {
        Span span = runs.remove(run.runId());
        if (span != null) {
            span.setAttribute(OUTCOME, "finished");
            span.end();
        }
    }

    @Override
    public void runPaused(RunInfo run, List<Interrupt> interrupts, Duration elapsed) {
        Span span = runs.remove(run.runId());
        if (span != null) {
            span.setAttribute(OUTCOME, "paused");
            for (Interrupt interrupt : interrupts) {
                span.addEvent(
                        "interrupt", Attributes.of(AttributeKey.stringKey("switchboard.interrupt_id"), interrupt.id()));
            }
            span.end();
        }
    }

    @Override
    public void runFailed(RunInfo run, Throwable error, Duration elapsed) {
        Span span = runs.remove(run.runId());
        if (span != null) {
            span.setAttribute(OUTCOME, "failed");
            span.recordException(error);
            span.setStatus(StatusCode.ERROR, String.valueOf(error.getMessage()));
            span.end();
        }
    }

    @Override
    public void taskStarted(TaskInfo task) {
        Span run = runs.get(task.run().runId());
        Context parent = run == null ? Context.current() : Context.current().with(run);
        var builder = tracer.spanBuilder(task.node())
                .setSpanKind(SpanKind.INTERNAL)
                .setParent(parent)
                .setAttribute(NODE, task.node())
                .setAttribute(STEP, task.step())
                .setAttribute(TASK_ID, task.taskId())
                .setAttribute(ATTEMPT, (long) task.attempt())
                .setAttribute(LANGGRAPH_NODE, task.node())
                .setAttribute(LANGGRAPH_STEP, task.step())
                .setAttribute(LANGGRAPH_TRIGGERS, task.triggers())
                .setAttribute(LANGGRAPH_CHECKPOINT_NS, checkpointNamespace(task));
        if (task.checkpointId() != null) {
            builder.setAttribute(CHECKPOINT_ID, task.checkpointId());
        }
        Span span = builder.startSpan();
        tasks.put(task, new Open(span, span.makeCurrent()));
    }

    @Override
    public void taskFinished(TaskInfo task, Duration elapsed) {
        end(task, "finished", null);
    }

    @Override
    public void taskRetried(TaskInfo task, Throwable error, Duration elapsed) {
        end(task, "retried", error);
    }

    @Override
    public void taskFailed(TaskInfo task, Throwable error, Duration elapsed) {
        end(task, "failed", error);
    }

    @Override
    public void taskInterrupted(TaskInfo task, List<Interrupt> interrupts, Duration elapsed) {
        end(task, "interrupted", null);
    }

    @Override
    public void taskCached(TaskInfo task) {
        Span run = runs.get(task.run().runId());
        Context parent = run == null ? Context.current() : Context.current().with(run);
        tracer.spanBuilder(task.node())
                .setParent(parent)
                .setAttribute(NODE, task.node())
                .setAttribute(STEP, task.step())
                .setAttribute(TASK_ID, task.taskId())
                .setAttribute(LANGGRAPH_NODE, task.node())
                .setAttribute(LANGGRAPH_STEP, task.step())
                .setAttribute(OUTCOME, "cached")
                .startSpan()
                .end();
    }

    @Override
    public void checkpointSaved(RunInfo run, String checkpointId, long step, Duration latency) {
        Span span = runs.get(run.runId());
        if (span != null) {
            span.addEvent(
                    "checkpoint",
                    Attributes.of(
                            CHECKPOINT_ID,
                            checkpointId,
                            STEP,
                            step,
                            AttributeKey.doubleKey("switchboard.checkpoint.latency_ms"),
                            latency.toNanos() / 1e6));
        }
    }

    private void end(TaskInfo task, String outcome, Throwable error) {
        Open open = tasks.remove(task);
        if (open == null) {
            return;
        }
        open.scope().close();
        open.span().setAttribute(OUTCOME, outcome);
        if (error != null) {
            open.span().recordException(error);
            open.span().setStatus(StatusCode.ERROR, String.valueOf(error.getMessage()));
        }
        open.span().end();
    }

    private static String checkpointNamespace(TaskInfo task) {
        List<String> path = task.run().namespace();
        String own = task.node() + ':' + task.taskId();
        return path.isEmpty() ? own : String.join("|", path) + '|' + own;
    }
}
