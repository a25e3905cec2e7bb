package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.ErrorCode;
import dev.switchboard.runtime.GraphException;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.managed.ManagedContext;
import dev.switchboard.runtime.store.Store;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The {@link NodeContext} of one task, which also serves as the managed values' context. */
final class TaskContext implements NodeContext, ManagedContext {
    private final PregelLoop loop;
    private final Task task;
    private final String node;
    private final int step;
    /** Set when the attempt this context belongs to timed out: a late node must not act. */
    private volatile boolean abandoned;

    TaskContext(PregelLoop loop, Task task, String node, int step) {
        this.loop = loop;
        this.task = task;
        this.node = node;
        this.step = step;
    }

    /** Cuts off a timed-out attempt that is still running: its events and pauses are ignored. */
    void abandon() {
        abandoned = true;
    }

    @Override
    public Store store() {
        return loop.store();
    }

    @Override
    public RunConfig config() {
        return loop.config;
    }

    @Override
    public String node() {
        return node;
    }

    @Override
    public int step() {
        return step;
    }

    @Override
    public int stop() {
        return loop.stop;
    }

    @Override
    public int recursionLimit() {
        return loop.config.recursionLimit();
    }

    @Override
    public int remainingSteps() {
        return loop.stop - step;
    }

    @Override
    public int attempt() {
        return task == null ? 1 : task.attempts.number;
    }

    @Override
    public <T> T interrupt(Object value, Class<T> resumeType) {
        Objects.requireNonNull(resumeType, "resumeType");
        if (loop.persistence == null) {
            throw new GraphException(
                    "No checkpointer set: interrupt() pauses the run and resumes it from a checkpoint; build the"
                            + " graph with .checkpointer(...)",
                    ErrorCode.MISSING_CHECKPOINTER,
                    null);
        }
        if (task == null) {
            throw new IllegalStateException("interrupt() can only be called while a node or route runs");
        }
        if (abandoned) {
            throw new IllegalStateException("node '" + node + "' timed out; this attempt can no longer pause the run");
        }
        int call = task.attempts.interruptCalls++;
        Object resume;
        if (call < task.resumes.size()) {
            resume = task.resumes.get(call);
        } else {
            resume = loop.takeResume(task, call);
            if (resume == PregelLoop.NO_RESUME) {
                task.attempts.interruptsRaised++;
                throw new NodeInterrupt(List.of(new Interrupt(loop.interruptId(task, call), value)));
            }
            task.resumes.add(resume);
        }
        return loop.persistence.resumeValue(resume, resumeType);
    }

    @Override
    public <S2, I2 extends StateUpdate, O2> GraphOutput<O2> invoke(CompiledGraph<S2, I2, O2> graph, I2 input) {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(input, "input");
        if (task == null) {
            throw new IllegalStateException("invoke() can only be called while a node runs");
        }
        if (abandoned) {
            throw new IllegalStateException("node '" + node + "' timed out; this attempt can no longer run subgraphs");
        }
        return Subgraphs.invoke(loop, task, graph, input);
    }

    @Override
    public void emit(Object value) {
        if (!abandoned && loop.sink.wants(StreamMode.CUSTOM)) {
            loop.sink.accept(new StreamPart.Custom<>(node, value));
        }
    }

    @Override
    public void emitMessage(Object chunk, Map<String, Object> metadata) {
        Objects.requireNonNull(chunk, "chunk");
        Objects.requireNonNull(metadata, "metadata");
        if (abandoned || task == null || !loop.sink.wants(StreamMode.MESSAGES)) {
            return;
        }
        Map<String, Object> merged = new LinkedHashMap<>(loop.config.metadata());
        merged.putAll(metadata);
        loop.sink.accept(new StreamPart.Message<>(
                chunk,
                node,
                step,
                loop.taskId(task),
                task.attempts.number,
                loop.runner().triggerNames(task),
                merged,
                loop.namespacePath()));
    }

    @Override
    public String toString() {
        return "NodeContext[" + node + " @ step " + step + "]";
    }
}
