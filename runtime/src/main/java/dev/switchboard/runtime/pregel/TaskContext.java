package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.Step;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.managed.ManagedContext;
import dev.switchboard.runtime.spi.TaskCaller;
import dev.switchboard.runtime.spi.TaskDef;
import dev.switchboard.runtime.store.Store;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The {@link NodeContext} of one attempt of a task, which also serves as the managed values'
 * context. The first attempt's context is the {@link Execution} itself, so the usual task costs one
 * object for both; a retry or an error handler gets a context of its own.
 */
sealed class TaskContext implements NodeContext, ManagedContext, TaskCaller permits Execution {
    /** The run, step and limit of the attempt: set anew only when a finished execution is reused ({@link #rebind}). */
    private RunScope scope;

    private final Execution execution;
    private int step;
    private int stop;
    /** Set when the attempt this context belongs to timed out: a late node must not act. */
    private volatile boolean abandoned;
    /** Runs the task's durable steps; made when the node asks for its first. */
    private Steps steps;
    /** A workflow entrypoint's task calls; made with its first call. */
    private TaskCalls calls;

    TaskContext(RunScope scope, Execution execution, int step, int stop) {
        this.scope = scope;
        this.execution = execution;
        this.step = step;
        this.stop = stop;
    }

    /** The first attempt's context, which is the execution itself. */
    TaskContext(RunScope scope, int step, int stop) {
        this.scope = scope;
        this.execution = (Execution) this;
        this.step = step;
        this.stop = stop;
    }

    /** This first attempt's context in another step or run: for an {@link Execution} that is reused. */
    final void rebind(RunScope scope, int step, int stop) {
        if (this.scope != scope) { // a reused execution is old: storing the same reference again costs a GC barrier
            this.scope = scope;
        }
        this.step = step;
        this.stop = stop;
    }

    /** The context of a task no runner executes (the state API's routes and subgraph lookups): a first attempt. */
    static TaskContext outsideRun(RunScope scope, Task task, int step, int stop) {
        return new Execution(scope, task, step, stop);
    }

    /** Cuts off a timed-out attempt that is still running: its events and pauses are ignored. */
    void abandon() {
        abandoned = true;
    }

    /** Whether the attempt timed out and was cut off. */
    boolean abandoned() {
        return abandoned;
    }

    /** Whether the attempt ran neither durable steps nor task calls, which keep this context. */
    final boolean keptNothing() {
        return steps == null && calls == null;
    }

    @Override
    public <T> T step(Step<T> step, Step.Body<? extends T> body) {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(body, "body");
        return steps().run(step, body);
    }

    @Override
    public <T> CompletableFuture<T> stepAsync(Step<T> step, Step.Body<? extends T> body, Executor executor) {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(executor, "executor");
        return steps().runAsync(step, body, executor);
    }

    @Override
    public <T> CompletableFuture<T> call(TaskDef<T> task, List<Object> args, Step.Body<? extends T> body) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(body, "body");
        return calls().call(task, Collections.unmodifiableList(new ArrayList<>(args)), body);
    }

    private synchronized TaskCalls calls() {
        if (calls == null) {
            calls = new TaskCalls(scope, execution, this, steps());
        }
        return calls;
    }

    private synchronized Steps steps() {
        if (abandoned) {
            throw new IllegalStateException(
                    "node '" + execution.task.name + "' timed out; this attempt can no longer run steps");
        }
        if (steps == null) {
            steps = new Steps(scope, execution, this);
        }
        return steps;
    }

    @Override
    public Store store() {
        return scope.store();
    }

    @Override
    public RunConfig config() {
        return scope.config;
    }

    @Override
    public String node() {
        return execution.task.name;
    }

    @Override
    public int step() {
        return step;
    }

    @Override
    public int stop() {
        return stop;
    }

    @Override
    public int recursionLimit() {
        return scope.config.recursionLimit();
    }

    @Override
    public int remainingSteps() {
        return stop - step;
    }

    @Override
    public Object state() {
        ChannelState channels = scope.channels;
        if (channels == null) {
            throw new IllegalStateException(
                    "node '" + execution.task.name + "' runs outside a superstep here and has no state to read");
        }
        if (abandoned) {
            throw new IllegalStateException(
                    "node '" + execution.task.name + "' timed out; this attempt can no longer read the state");
        }
        // The superstep's writes are applied only after all its tasks end, so the channels still
        // hold the values the step began with.
        return channels.readFor(execution.task, 0, this, false);
    }

    @Override
    public int attempt() {
        return execution.number;
    }

    @Override
    public <T> T interrupt(Object value, Class<T> resumeType) {
        Objects.requireNonNull(resumeType, "resumeType");
        if (scope.persistence == null) {
            throw new GraphException(
                    "No checkpointer set: interrupt() pauses the run and resumes it from a checkpoint; build the"
                            + " graph with .checkpointer(...)",
                    ErrorCode.MISSING_CHECKPOINTER,
                    null);
        }
        if (abandoned) {
            throw new IllegalStateException(
                    "node '" + execution.task.name + "' timed out; this attempt can no longer pause the run");
        }
        Task task = execution.task;
        int call = execution.counters().interruptCalls++;
        Object resume;
        if (call < task.resumes().size()) {
            resume = task.resumes().get(call);
        } else {
            resume = scope.resumes.take(task, call);
            if (resume == Resumes.NONE) {
                execution.counters().interruptsRaised++;
                throw new NodeInterrupt(List.of(new Interrupt(scope.resumes.interruptId(task, call), value)));
            }
            task.addResume(resume);
        }
        return scope.persistence.records.resumeValue(resume, resumeType);
    }

    @Override
    public <S2, I2 extends StateUpdate, O2> GraphOutput<O2> invoke(CompiledGraph<S2, I2, O2> graph, I2 input) {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(input, "input");
        if (abandoned) {
            throw new IllegalStateException(
                    "node '" + execution.task.name + "' timed out; this attempt can no longer run subgraphs");
        }
        return Subgraphs.invoke(scope, execution, graph, input);
    }

    @Override
    public void emit(Object value) {
        if (!abandoned && scope.sink.wants(StreamMode.CUSTOM)) {
            scope.sink.accept(new StreamPart.Custom<>(execution.task.name, value));
        }
    }

    @Override
    public void emitTool(StreamPart.Tool.Phase phase, String toolCallId, String name, Object data) {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(name, "name");
        if (!abandoned && scope.sink.wants(StreamMode.TOOLS)) {
            scope.sink.accept(new StreamPart.Tool<>(execution.task.name, phase, toolCallId, name, data));
        }
    }

    @Override
    public void emitMessage(Object chunk, Map<String, Object> metadata) {
        Objects.requireNonNull(chunk, "chunk");
        Objects.requireNonNull(metadata, "metadata");
        if (abandoned || !scope.sink.wants(StreamMode.MESSAGES)) {
            return;
        }
        Map<String, Object> merged = new LinkedHashMap<>(scope.config.metadata());
        merged.putAll(metadata);
        scope.sink.accept(new StreamPart.Message<>(
                chunk,
                execution.task.name,
                step,
                execution.task.id(),
                execution.number,
                RunEvents.triggerNames(scope.spec, execution.task),
                merged,
                scope.namespacePath));
    }

    @Override
    public String toString() {
        return "NodeContext[" + execution.task.name + " @ step " + step + "]";
    }
}
