package dev.switchboard.runtime;

import dev.switchboard.runtime.serde.SealedType;
import dev.switchboard.runtime.serde.ValueCodec;
import dev.switchboard.runtime.serde.ValueType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a compiled graph reads and writes, by channel name, for code that speaks to a graph from
 * outside Java's types (a server decoding request JSON, a UI drawing a form): the channels a
 * client sees in the state, those its input may write and those its output holds (LangGraph's
 * state, input and output schemas), each with its declared type; the sealed types and codecs the
 * graph's serde uses for them; and a way to build an update from values by name. Get it from
 * {@link CompiledGraph#schema()}.
 */
public final class GraphSchema {
    /**
     * One channel: its name and the declared Java type of its value.
     *
     * @param name the channel (state record component) name
     * @param type the declared type of the channel's value
     */
    public record Channel(String name, ValueType type) {
        /**
         * Checks the fields.
         *
         * @param name the channel name
         * @param type its value type
         */
        public Channel {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    private final String graph;
    private final List<Channel> channels;
    private final List<Channel> input;
    private final List<Channel> output;
    private final List<SealedType> sealedTypes;
    private final List<ValueCodec<?>> codecs;
    private final Function<Map<String, Object>, StateUpdate> stateUpdates;
    private final Function<Map<String, Object>, StateUpdate> inputUpdates;
    private final ValueType context;
    private final Map<String, Channel> byName = new LinkedHashMap<>();
    private final ValueType workflowInput;
    private final int version;

    private GraphSchema(Builder b) {
        this.graph = b.graph;
        this.version = b.version;
        this.channels = List.copyOf(b.channels);
        this.input = List.copyOf(b.input);
        this.output = List.copyOf(b.output);
        this.sealedTypes = List.copyOf(b.sealedTypes);
        this.codecs = List.copyOf(b.codecs);
        this.stateUpdates = Objects.requireNonNull(b.stateUpdates, "stateUpdates");
        this.inputUpdates = Objects.requireNonNull(b.inputUpdates, "inputUpdates");
        this.context = b.context;
        this.workflowInput = b.workflowInput;
        channels.forEach(c -> byName.put(c.name(), c));
    }

    /**
     * Starts a schema; the runtime builds one per graph (other implementations of {@link
     * CompiledGraph}, a remote graph say, build theirs).
     *
     * @param graph the graph's name
     * @return a builder
     */
    public static Builder builder(String graph) {
        return new Builder(Objects.requireNonNull(graph, "graph"));
    }

    /**
     * The graph's name.
     *
     * @return the name
     */
    public String graph() {
        return graph;
    }

    /**
     * The version of the graph's stored schema ({@code @Graph(version)}): what its checkpoints
     * record, and the newest version of checkpoints it reads. A server whose workers run different
     * versions of a graph gives each run to a worker whose version is at least its thread's.
     *
     * @return the version, from 1
     */
    public int version() {
        return version;
    }

    /**
     * The channels a client sees in the state (values, state snapshots, streamed values), in
     * declaration order: the state record's channels, then those of node-private records. Managed
     * values are computed, not state, and are not among them.
     *
     * @return the channels
     */
    public List<Channel> channels() {
        return channels;
    }

    /**
     * One channel of {@link #channels()} by name.
     *
     * @param name the channel name
     * @return the channel, or empty when the graph has none of that name
     */
    public Optional<Channel> channel(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * The channels a run's input may write: the input record's ({@code @Graph(input = ...)}), else
     * the state's.
     *
     * @return the input channels
     */
    public List<Channel> input() {
        return input;
    }

    /**
     * The channels of a run's output: the output record's ({@code @Graph(output = ...)}), else the
     * state's.
     *
     * @return the output channels
     */
    public List<Channel> output() {
        return output;
    }

    /**
     * The sealed interfaces the channels hold, with their tag tables, for a serde that reads and
     * writes the values as the graph does.
     *
     * @return the sealed types
     */
    public List<SealedType> sealedTypes() {
        return sealedTypes;
    }

    /**
     * The codecs of the stored types the channels hold ({@code @Codec}), for the same serde.
     *
     * @return the codecs
     */
    public List<ValueCodec<?>> codecs() {
        return codecs;
    }

    /**
     * An update of the state record writing the given values, as a node's update would: each value
     * goes through its channel's reducer. Values must be of their channels' declared types.
     *
     * @param values channel name to value
     * @return the update
     * @throws IllegalArgumentException if a name is not a channel of the state record
     */
    public StateUpdate update(Map<String, Object> values) {
        return stateUpdates.apply(Objects.requireNonNull(values, "values"));
    }

    /**
     * An update of the input record writing the given values: a run's input.
     *
     * @param values channel name to value, each a channel of {@link #input()}
     * @return the update
     * @throws IllegalArgumentException if a name is not a channel of the input record
     */
    public StateUpdate inputUpdate(Map<String, Object> values) {
        return inputUpdates.apply(Objects.requireNonNull(values, "values"));
    }

    /**
     * The type of the run context the graph declares ({@code @Graph(context = Ctx.class)}), so that
     * code outside Java (a server) can build one from JSON.
     *
     * @return the context's type, or empty when the graph declares none
     */
    public Optional<ValueType> context() {
        return Optional.ofNullable(context);
    }

    /**
     * For a functional workflow (an {@code @Entrypoint}), the type of its input: a run's input is
     * one value of this type, not a map of channels, and its state is the one channel {@code
     * __end__}, the entrypoint's return value, which LangGraph shows bare too.
     *
     * @return the input type; empty for a state graph
     */
    public Optional<ValueType> workflowInput() {
        return Optional.ofNullable(workflowInput);
    }

    @Override
    public String toString() {
        return "GraphSchema[" + graph + ", channels=" + byName.keySet() + "]";
    }

    /** Collects a {@link GraphSchema}. */
    public static final class Builder {
        private final String graph;
        private List<Channel> channels = List.of();
        private List<Channel> input = List.of();
        private List<Channel> output = List.of();
        private List<SealedType> sealedTypes = List.of();
        private List<ValueCodec<?>> codecs = List.of();
        private Function<Map<String, Object>, StateUpdate> stateUpdates;
        private Function<Map<String, Object>, StateUpdate> inputUpdates;
        private ValueType context;
        private ValueType workflowInput;
        private int version = 1;

        private Builder(String graph) {
            this.graph = graph;
        }

        /**
         * The channels a client sees.
         *
         * @param channels in declaration order
         * @return this builder
         */
        public Builder channels(List<Channel> channels) {
            this.channels = channels;
            return this;
        }

        /**
         * The input and output channels.
         *
         * @param input what a run's input may write
         * @param output what a run's output holds
         * @return this builder
         */
        public Builder inputOutput(List<Channel> input, List<Channel> output) {
            this.input = input;
            this.output = output;
            return this;
        }

        /**
         * The serde's sealed types and codecs.
         *
         * @param sealedTypes the sealed types
         * @param codecs the codecs
         * @return this builder
         */
        public Builder serde(List<SealedType> sealedTypes, List<ValueCodec<?>> codecs) {
            this.sealedTypes = sealedTypes;
            this.codecs = codecs;
            return this;
        }

        /**
         * How updates are built from values by name.
         *
         * @param state builds an update of the state record
         * @param input builds an update of the input record
         * @return this builder
         */
        public Builder updates(
                Function<Map<String, Object>, StateUpdate> state, Function<Map<String, Object>, StateUpdate> input) {
            this.stateUpdates = state;
            this.inputUpdates = input;
            return this;
        }

        /**
         * The type of the run context the graph declares.
         *
         * @param context the type, or null for none
         * @return this builder
         */
        public Builder context(ValueType context) {
            this.context = context;
            return this;
        }

        /**
         * Makes this the schema of a functional workflow.
         *
         * @param input the entrypoint's input type
         * @return this builder
         */
        public Builder workflow(ValueType input) {
            this.workflowInput = Objects.requireNonNull(input, "input");
            return this;
        }

        /**
         * The version of the graph's stored schema.
         *
         * @param version the version, from 1
         * @return this builder
         */
        public Builder version(int version) {
            if (version < 1) {
                throw new IllegalArgumentException("schema version " + version + " is not 1 or more");
            }
            this.version = version;
            return this;
        }

        /**
         * Builds the schema.
         *
         * @return the schema
         */
        public GraphSchema build() {
            return new GraphSchema(this);
        }
    }
}
