package dev.switchboard.runtime;

import dev.switchboard.runtime.cache.InMemoryNodeCache;
import dev.switchboard.runtime.cache.NodeCache;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.serde.SerdeLimits;
import dev.switchboard.runtime.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    private RetryPolicy retryPolicy;
    private final Map<String, RetryPolicy> nodeRetryPolicies = new LinkedHashMap<>();
    private final Map<String, Duration> nodeTimeouts = new LinkedHashMap<>();
    private final Map<String, Duration> nodeCacheTtls = new LinkedHashMap<>();
    private NodeCache cache;
    private final List<RunListener> listeners = new ArrayList<>();
    private Store store;

    /** For generated subclasses. */
    protected GraphBuilder() {}

    /**
     * Adds a listener told of every run, superstep, task and checkpoint of this graph (tracing,
     * metrics, logs). Several may be added; each sees every event, in the order added. A listener
     * that throws is logged once and counted, never breaking a run; with none added, the runtime
     * makes no listener calls.
     *
     * @param listener the listener
     * @return this builder
     */
    public B listener(RunListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
        return self();
    }

    /**
     * Returns the listeners added with {@link #listener}.
     *
     * @return the listeners, in the order added
     */
    public List<RunListener> listeners() {
        return List.copyOf(listeners);
    }

    /**
     * The executor that runs a superstep's tasks in parallel. A superstep with one task runs it on
     * the calling thread; with several, the calling thread runs tasks too, and the executor's
     * threads join in one by one while tasks remain, so that tasks that wait (on a model, a tool)
     * all run at once while tasks that finish at once cost no thread hand-off. Defaults to a
     * shared pool of daemon threads. Use {@code Runnable::run} to run every task on the caller's
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
     * The retry policy of every node that has none of its own (from {@code @Retry} or {@link
     * #retryPolicy(String, RetryPolicy)}). Without one, a failing node fails the run at once.
     *
     * @param policy the policy, for example {@link RetryPolicy#defaults()}
     * @return this builder
     */
    public B retryPolicy(RetryPolicy policy) {
        this.retryPolicy = Objects.requireNonNull(policy, "policy");
        return self();
    }

    /**
     * A node's retry policy, in place of its {@code @Retry} annotation if it has one.
     *
     * @param node the node name
     * @param policy the policy
     * @return this builder
     */
    public B retryPolicy(String node, RetryPolicy policy) {
        nodeRetryPolicies.put(Objects.requireNonNull(node, "node"), Objects.requireNonNull(policy, "policy"));
        return self();
    }

    /**
     * The graph-wide retry policy.
     *
     * @return the policy, or empty
     */
    public Optional<RetryPolicy> retryPolicy() {
        return Optional.ofNullable(retryPolicy);
    }

    /**
     * The per-node retry policies set on this builder.
     *
     * @return node name to policy
     */
    public Map<String, RetryPolicy> nodeRetryPolicies() {
        return Collections.unmodifiableMap(nodeRetryPolicies);
    }

    /**
     * Bounds how long one attempt of a node may run, in place of its {@code @Timeout}: past it the
     * attempt fails with {@link NodeTimeoutException} and the node's thread is interrupted.
     *
     * @param node the node name
     * @param timeout the limit, positive
     * @return this builder
     */
    public B timeout(String node, Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        nodeTimeouts.put(Objects.requireNonNull(node, "node"), timeout);
        return self();
    }

    /**
     * The per-node timeouts set on this builder.
     *
     * @return node name to timeout
     */
    public Map<String, Duration> nodeTimeouts() {
        return Collections.unmodifiableMap(nodeTimeouts);
    }

    /**
     * Caches a node's writes by its input, in place of its {@code @Cache}: a task whose input was
     * seen within {@code ttl} reuses the writes and the node does not run.
     *
     * @param node the node name
     * @param ttl how long entries stay valid; {@link Duration#ZERO} for ever
     * @return this builder
     */
    public B cachePolicy(String node, Duration ttl) {
        Objects.requireNonNull(ttl, "ttl");
        if (ttl.isNegative()) {
            throw new IllegalArgumentException("cache ttl must not be negative, was " + ttl);
        }
        nodeCacheTtls.put(Objects.requireNonNull(node, "node"), ttl);
        return self();
    }

    /**
     * The per-node cache time-to-live values set on this builder.
     *
     * @return node name to time to live
     */
    public Map<String, Duration> nodeCacheTtls() {
        return Collections.unmodifiableMap(nodeCacheTtls);
    }

    /**
     * Where cached nodes keep their results. Defaults to a new {@link InMemoryNodeCache} per graph
     * when any node is cached; share one store between graphs, or plug in a distributed one.
     *
     * @param cache the store
     * @return this builder
     */
    public B cache(NodeCache cache) {
        this.cache = Objects.requireNonNull(cache, "cache");
        return self();
    }

    /**
     * The cache store set with {@link #cache(NodeCache)}.
     *
     * @return the store, or empty for the default
     */
    public Optional<NodeCache> cache() {
        return Optional.ofNullable(cache);
    }

    /**
     * The long-term memory nodes reach with {@link NodeContext#store()}, shared across threads and
     * runs (an {@code InMemoryStore}, or a SQLite or PostgreSQL store). Subgraphs a node runs use it
     * too unless they were built with their own.
     *
     * @param store the store
     * @return this builder
     */
    public B store(Store store) {
        this.store = Objects.requireNonNull(store, "store");
        return self();
    }

    /**
     * The store set with {@link #store(Store)}.
     *
     * @return the store, or empty
     */
    public Optional<Store> store() {
        return Optional.ofNullable(store);
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
