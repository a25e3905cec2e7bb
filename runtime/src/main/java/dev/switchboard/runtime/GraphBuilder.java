package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.serde.SerdeLimits;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * The settings every generated {@code XxxGraph.Builder} shares. Obtain one with
 * {@code XxxGraph.builder(nodes)}, set what you need, then {@link #build()}.
 *
 * @param <B> the concrete builder type
 * @param <G> the graph type it builds
 */
public abstract class GraphBuilder<B extends GraphBuilder<B, G>, G> {
    private Executor executor;
    private CheckpointSaver checkpointer;
    private SerdeLimits serdeLimits = SerdeLimits.DEFAULT;
    private Set<String> interruptBefore = Set.of();
    private Set<String> interruptAfter = Set.of();

    /** For generated subclasses. */
    protected GraphBuilder() {}

    /**
     * The executor that runs a superstep's tasks in parallel. A superstep with one task runs it on
     * the calling thread; with several, the caller runs one and the executor the rest. Defaults to
     * a shared pool of daemon threads. Use {@code Runnable::run} to run every task on the caller's
     * thread, one after another in task order.
     *
     * @param executor the executor
     * @return this builder
     */
    public B executor(Executor executor) {
        this.executor = Objects.requireNonNull(executor, "executor");
        return self();
    }

    /**
     * The executor set with {@link #executor(Executor)}.
     *
     * @return the executor, or empty for the default
     */
    public Optional<Executor> executor() {
        return Optional.ofNullable(executor);
    }

    /**
     * Where runs keep their checkpoints. With a checkpointer every run needs a thread
     * ({@link RunConfig#thread(String)}); it continues the thread's state, checkpoints each
     * superstep, and can be inspected, resumed, replayed and forked.
     *
     * @param checkpointer the saver, for example a {@code MemorySaver} or a JDBC saver
     * @return this builder
     */
    public B checkpointer(CheckpointSaver checkpointer) {
        this.checkpointer = Objects.requireNonNull(checkpointer, "checkpointer");
        return self();
    }

    /**
     * The checkpointer set with {@link #checkpointer(CheckpointSaver)}.
     *
     * @return the saver, or empty
     */
    public Optional<CheckpointSaver> checkpointer() {
        return Optional.ofNullable(checkpointer);
    }

    /**
     * Bounds on decoding stored values (size, nesting, string length).
     *
     * @param limits the limits; {@link SerdeLimits#DEFAULT} unless set
     * @return this builder
     */
    public B serdeLimits(SerdeLimits limits) {
        this.serdeLimits = Objects.requireNonNull(limits, "limits");
        return self();
    }

    /**
     * The decoding bounds.
     *
     * @return the limits
     */
    public SerdeLimits serdeLimits() {
        return serdeLimits;
    }

    /**
     * Breakpoints: pause every run before these nodes run ({@code "*"} for all), to be resumed
     * with {@code resume(config)}. Needs a checkpointer. A run can override them with
     * {@link RunConfig#withInterruptBefore(String...)}.
     *
     * @param nodes node names
     * @return this builder
     */
    public B interruptBefore(String... nodes) {
        this.interruptBefore = Set.of(nodes);
        return self();
    }

    /**
     * Breakpoints: pause every run after these nodes ran ({@code "*"} for all).
     *
     * @param nodes node names
     * @return this builder
     */
    public B interruptAfter(String... nodes) {
        this.interruptAfter = Set.of(nodes);
        return self();
    }

    /**
     * The breakpoints before nodes.
     *
     * @return the node names
     */
    public Set<String> interruptBefore() {
        return interruptBefore;
    }

    /**
     * The breakpoints after nodes.
     *
     * @return the node names
     */
    public Set<String> interruptAfter() {
        return interruptAfter;
    }

    /**
     * This builder, typed.
     *
     * @return {@code this}
     */
    protected abstract B self();

    /**
     * Builds the graph.
     *
     * @return the graph
     */
    public abstract G build();
}
