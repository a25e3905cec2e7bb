package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.CheckpointKeys;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The configuration of one run: which thread it belongs to (and, to replay or fork, which
 * checkpoint it starts from), its recursion limit, how durably it checkpoints, breakpoints,
 * metadata to record with its checkpoints, and free-form values nodes can read through
 * {@link NodeContext#config()}. Immutable; {@code with...} methods return a copy.
 */
public final class RunConfig {
    /** LangGraph.js's default recursion limit. */
    public static final int DEFAULT_RECURSION_LIMIT = 25;

    private static final RunConfig DEFAULTS = new RunConfigBuilder().build();

    // Package-private for RunConfigBuilder, which copies them; final, so the configuration stays immutable.
    final String threadId;
    final String checkpointId;
    final int recursionLimit;
    final Durability durability;
    final Map<String, Object> metadata;
    final Map<String, Object> configurable;
    final Set<String> interruptBefore;
    final Set<String> interruptAfter;
    final boolean streamSubgraphs;
    final Object context;
    final String checkpointNamespace;
    final Map<String, Object> threadMetadata;
    final RunControl control;
    final CheckpointSaver checkpointer;

    RunConfig(RunConfigBuilder b) {
        this.control = b.control;
        this.checkpointer = b.checkpointer;
        this.threadMetadata = b.threadMetadata;
        this.context = b.context;
        this.checkpointNamespace = b.checkpointNamespace;
        this.streamSubgraphs = b.streamSubgraphs;
        this.threadId = b.threadId;
        this.checkpointId = b.checkpointId;
        this.recursionLimit = b.recursionLimit;
        this.durability = b.durability;
        this.metadata = b.metadata;
        this.configurable = b.configurable;
        this.interruptBefore = b.interruptBefore;
        this.interruptAfter = b.interruptAfter;
    }

    /**
     * The default configuration: no thread, recursion limit 25, synchronous durability.
     *
     * @return the defaults
     */
    public static RunConfig defaults() {
        return DEFAULTS;
    }

    /**
     * The default configuration on a thread.
     *
     * @param threadId the thread id: any well-formed Unicode without NUL (see {@link CheckpointKeys})
     * @return a new configuration
     * @throws IllegalArgumentException if the id holds NUL or an unpaired surrogate
     */
    public static RunConfig thread(String threadId) {
        return DEFAULTS.withThread(threadId);
    }

    /**
     * This configuration on another thread (and at its newest checkpoint).
     *
     * @param threadId the thread id
     * @return a new configuration
     */
    public RunConfig withThread(String threadId) {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.threadId = CheckpointKeys.check("thread id", threadId);
        b.checkpointId = null;
        b.checkpointNamespace = "";
        return b.build();
    }

    /**
     * This configuration starting from a given checkpoint of its thread: resuming from an older
     * checkpoint replays from there and forks the history.
     *
     * @param checkpointId the checkpoint id
     * @return a new configuration
     */
    public RunConfig withCheckpointId(String checkpointId) {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.checkpointId = CheckpointKeys.check("checkpoint id", checkpointId);
        return b.build();
    }

    /**
     * This configuration addressing a subgraph's checkpoints: the namespace a subgraph snapshot's
     * config carries ({@code "node:taskId"}, nested ones joined by {@code |}), for time travel into
     * the subgraph with {@code getSubgraphState} and {@code updateState} on the parent graph, as
     * LangGraph's {@code checkpoint_ns}. {@code ""} is the graph's own namespace.
     *
     * @param namespace the checkpoint namespace
     * @return a new configuration
     */
    public RunConfig withCheckpointNamespace(String namespace) {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.checkpointNamespace = CheckpointKeys.check("checkpoint namespace", namespace);
        return b.build();
    }

    /**
     * The checkpoint namespace this configuration addresses.
     *
     * @return the namespace; {@code ""} for the graph's own
     */
    public String checkpointNamespace() {
        return checkpointNamespace;
    }

    /**
     * This configuration with another recursion limit: the number of supersteps one invocation may
     * take. As in LangGraph the limit is checked before the loop sees there is nothing left to run,
     * so a chain of N nodes needs a limit of at least N + 1.
     *
     * @param limit the limit, at least 1
     * @return a new configuration
     * @throws IllegalArgumentException if {@code limit < 1}
     */
    public RunConfig withRecursionLimit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("recursionLimit must be at least 1, was " + limit);
        }
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.recursionLimit = limit;
        return b.build();
    }

    /**
     * This configuration with another durability.
     *
     * @param durability when checkpoints are written
     * @return a new configuration
     */
    public RunConfig withDurability(Durability durability) {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.durability = Objects.requireNonNull(durability, "durability");
        return b.build();
    }

    /**
     * This configuration with one more metadata entry, recorded in every checkpoint the run writes
     * and usable as a filter when listing checkpoints.
     *
     * @param key the key
     * @param value a string, number or boolean
     * @return a new configuration
     * @throws IllegalArgumentException if the value is of another type, or the key or a string value
     *     holds NUL or an unpaired surrogate (see {@link CheckpointKeys#checkValue})
     */
    public RunConfig withMetadata(String key, Object value) {
        ConfigEntries.checkScalar("metadata", key, value);
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.metadata = ConfigEntries.put(metadata, key, value);
        return b.build();
    }

    /**
     * This configuration with more metadata entries, as {@link #withMetadata(String, Object)} for
     * each, in one copy: building a run's metadata from a large map costs time linear in its size.
     *
     * @param entries the keys and values (strings, numbers or booleans)
     * @return a new configuration
     * @throws IllegalArgumentException if a value is of another type
     */
    public RunConfig withMetadata(Map<String, ?> entries) {
        Map<String, Object> merged = new LinkedHashMap<>(metadata);
        entries.forEach((key, value) -> {
            Objects.requireNonNull(key, "key");
            if (!(value instanceof String || value instanceof Number || value instanceof Boolean)) {
                throw new IllegalArgumentException(
                        "metadata values must be strings, numbers or booleans, not " + value);
            }
            merged.put(key, value);
        });
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.metadata = Map.copyOf(merged);
        return b.build();
    }

    /**
     * This configuration with one more entry for the thread's own metadata (what {@code
     * listThreads} filters on), merged into it as by {@code CheckpointSaver.updateThreadMetadata}
     * when the run stores its first checkpoint: label a conversation with its user or topic as it
     * starts, without a separate call. Unlike {@link #withMetadata} it is not recorded per checkpoint.
     *
     * @param key the key
     * @param value a string, number or boolean
     * @return a new configuration
     * @throws IllegalArgumentException if the value is of another type, or the key or a string value
     *     holds NUL or an unpaired surrogate (see {@link CheckpointKeys})
     */
    public RunConfig withThreadMetadata(String key, Object value) {
        // Checked here as the saver will check it, so a bad key fails now, not at the first checkpoint.
        ConfigEntries.checkScalar("thread metadata", key, value);
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.threadMetadata = ConfigEntries.put(threadMetadata, key, value);
        return b.build();
    }

    /**
     * The entries merged into the thread's metadata when the run stores its first checkpoint.
     *
     * @return an unmodifiable map
     */
    public Map<String, Object> threadMetadata() {
        return threadMetadata;
    }

    /**
     * This configuration with one more free-form value.
     *
     * @param key the key
     * @param value the value
     * @return a new configuration
     */
    public RunConfig with(String key, Object value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.configurable = ConfigEntries.put(configurable, key, value);
        return b.build();
    }

    /**
     * This configuration with more free-form values, as {@link #with(String, Object)} for each, in
     * one copy: time linear in the size of the map, however large.
     *
     * @param values the keys and values, none null
     * @return a new configuration
     */
    public RunConfig withConfigurable(Map<String, ?> values) {
        Map<String, Object> merged = new LinkedHashMap<>(configurable);
        values.forEach(
                (key, value) -> merged.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value")));
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.configurable = Map.copyOf(merged);
        return b.build();
    }

    /**
     * This configuration with a control to cancel the run from outside (see {@link RunControl}):
     * the run checks it at every superstep boundary and before each commit.
     *
     * @param control the run's control
     * @return a new configuration
     */
    public RunConfig withControl(RunControl control) {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.control = Objects.requireNonNull(control, "control");
        return b.build();
    }

    /**
     * The run's control.
     *
     * @return the control given by {@link #withControl}, or empty
     */
    public Optional<RunControl> control() {
        return Optional.ofNullable(control);
    }

    /**
     * This configuration with a checkpointer of its own, LangGraph's config-level checkpointer: the
     * run (and a state read or update with this configuration) stores and reads checkpoints there
     * instead of through the graph's builder's checkpointer. A server gives each run a saver that
     * knows the run (to fence a run that lost its lease, say) while the graph is built once.
     *
     * @param checkpointer the saver for this run
     * @return a new configuration
     */
    public RunConfig withCheckpointer(CheckpointSaver checkpointer) {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.checkpointer = Objects.requireNonNull(checkpointer, "checkpointer");
        return b.build();
    }

    /**
     * The run's own checkpointer.
     *
     * @return the saver given by {@link #withCheckpointer}, or empty to use the graph's
     */
    public Optional<CheckpointSaver> checkpointer() {
        return Optional.ofNullable(checkpointer);
    }

    /**
     * This configuration pausing before the given nodes run, instead of the graph's own breakpoints;
     * {@code "*"} pauses before every node. Resume with {@code resume(config)}.
     *
     * @param nodes the node names
     * @return a new configuration
     */
    public RunConfig withInterruptBefore(String... nodes) {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.interruptBefore = Set.of(nodes);
        return b.build();
    }

    /**
     * This configuration pausing after the given nodes ran, instead of the graph's own breakpoints;
     * {@code "*"} pauses after every node.
     *
     * @param nodes the node names
     * @return a new configuration
     */
    public RunConfig withInterruptAfter(String... nodes) {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.interruptAfter = Set.of(nodes);
        return b.build();
    }

    /**
     * This configuration streaming subgraphs' events too, each wrapped in a
     * {@link StreamPart.Namespaced} that says which subgraph it comes from.
     *
     * @return a new configuration
     */
    public RunConfig withSubgraphStreaming() {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.streamSubgraphs = true;
        return b.build();
    }

    /**
     * This configuration with a run context: the object a graph declared with {@code @Graph(context
     * = Ctx.class)} hands to every node that takes a {@code Ctx} parameter (user id, tenant, model
     * settings: what a run needs besides its state, as LangGraph's {@code context_schema}). It is
     * never checkpointed, so a resumed run needs it again; subgraphs receive the same object when
     * they declare a context type it is an instance of.
     *
     * @param context the context
     * @return a new configuration
     */
    public RunConfig withContext(Object context) {
        RunConfigBuilder b = new RunConfigBuilder(this);
        b.context = Objects.requireNonNull(context, "context");
        return b.build();
    }

    /**
     * The run context.
     *
     * @return the object passed to {@link #withContext}, or empty
     */
    public Optional<Object> context() {
        return Optional.ofNullable(context);
    }

    /**
     * Whether subgraph events are streamed.
     *
     * @return {@code true} after {@link #withSubgraphStreaming()}
     */
    public boolean streamSubgraphs() {
        return streamSubgraphs;
    }

    /**
     * The thread.
     *
     * @return the thread id, or empty for a run without history
     */
    public Optional<String> threadId() {
        return Optional.ofNullable(threadId);
    }

    /**
     * The checkpoint to start from.
     *
     * @return the checkpoint id, or empty for the thread's newest
     */
    public Optional<String> checkpointId() {
        return Optional.ofNullable(checkpointId);
    }

    /**
     * The recursion limit.
     *
     * @return the maximum number of supersteps per invocation
     */
    public int recursionLimit() {
        return recursionLimit;
    }

    /**
     * When checkpoints are written.
     *
     * @return the durability
     */
    public Durability durability() {
        return durability;
    }

    /**
     * The metadata recorded with the run's checkpoints.
     *
     * @return an unmodifiable map
     */
    public Map<String, Object> metadata() {
        return metadata;
    }

    /**
     * The run's breakpoints before nodes, if it sets its own.
     *
     * @return the node names, or empty to use the graph's
     */
    public Optional<Set<String>> interruptBefore() {
        return Optional.ofNullable(interruptBefore);
    }

    /**
     * The run's breakpoints after nodes, if it sets its own.
     *
     * @return the node names, or empty to use the graph's
     */
    public Optional<Set<String>> interruptAfter() {
        return Optional.ofNullable(interruptAfter);
    }

    /**
     * A free-form value.
     *
     * @param key the key
     * @return the value, or empty
     */
    public Optional<Object> get(String key) {
        return Optional.ofNullable(configurable.get(key));
    }

    /**
     * All free-form values.
     *
     * @return an unmodifiable map
     */
    public Map<String, Object> configurable() {
        return configurable;
    }

    @Override
    public String toString() {
        return "RunConfig[thread=" + threadId
                + (checkpointNamespace.isEmpty() ? "" : ", namespace=" + checkpointNamespace)
                + ", checkpoint=" + checkpointId + ", recursionLimit=" + recursionLimit
                + ", durability=" + durability + ", interruptBefore=" + interruptBefore + ", interruptAfter="
                + interruptAfter + ", metadata=" + metadata
                + (threadMetadata.isEmpty() ? "" : ", threadMetadata=" + threadMetadata) + ", configurable="
                + configurable + "]";
    }
}
