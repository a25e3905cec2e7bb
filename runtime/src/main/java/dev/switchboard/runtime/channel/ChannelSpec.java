package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.reducer.ReduceFunction;
import dev.switchboard.runtime.serde.DecodeBudget;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The immutable definition of a channel, from which each run creates its own {@link Channel}: one
 * record per kind, each with its options named ({@code ChannelSpec.topic("t", type).accumulating()})
 * and owning its stored form. Generated code declares one per state record component; the runtime
 * adds the internal ones (input, branch triggers, join barriers, the {@code Send} topic).
 */
public sealed interface ChannelSpec {
    /** The channel kinds, LangGraph's channel classes. */
    enum Kind {
        /** {@link LastValue}. */
        LAST_VALUE,
        /** {@link ReducerChannel}. */
        REDUCER,
        /** {@link Topic}. */
        TOPIC,
        /** {@link EphemeralValue}. */
        EPHEMERAL,
        /** {@link AnyValue}. */
        ANY_VALUE,
        /** {@link LastValueAfterFinish}. */
        LAST_VALUE_AFTER_FINISH,
        /** {@link UntrackedValue}. */
        UNTRACKED,
        /** {@link NamedBarrierValue}. */
        NAMED_BARRIER
    }

    /**
     * The channel name.
     *
     * @return the name
     */
    String name();

    /**
     * The type of the channel's value, which its stored form is read back with.
     *
     * @return the value type
     */
    ValueType type();

    /**
     * The channel kind.
     *
     * @return the kind
     */
    Kind kind();

    /**
     * Creates a fresh, empty channel for one run.
     *
     * @return the channel
     */
    Channel create();

    /**
     * Whether two specs describe the same channel, so that two records may share it.
     *
     * @param other the other spec
     * @return {@code true} if they have the same name, kind and options
     */
    boolean sameDefinition(ChannelSpec other);

    /**
     * The type of one write, as pending writes and deltas store it.
     *
     * @return the write type; the value type unless the kind says otherwise
     */
    default ValueType writeType() {
        return type();
    }

    /**
     * The stored form of the channel's {@code checkpoint()} value.
     *
     * @param serde the graph's serializer
     * @param value the value
     * @return the bytes
     */
    default byte[] encodeValue(JsonSerde serde, Object value) {
        return serde.encodeChecked(type(), value);
    }

    /**
     * Reads a stored value back, as {@link #type()} says, never as a type named in the data.
     *
     * @param serde the graph's serializer
     * @param data the bytes
     * @param budget the read's limits
     * @return the value
     */
    default Object decodeValue(JsonSerde serde, byte[] data, DecodeBudget budget) {
        return serde.decode(type(), data, 0, data.length, budget);
    }

    /**
     * Whether checkpoints may store this channel's writes as deltas on top of a snapshot, because
     * its reducer accumulates (see {@link ReduceFunction#accumulates()}).
     *
     * @return {@code true} for accumulating reducer channels
     */
    default boolean storesDeltas() {
        return false;
    }

    /**
     * Whether the channel can hold {@code null}: only a non-primitive channel whose writes are not
     * reduced or published, as the generated update setters allow a {@code null} exactly there. A
     * stored {@code null} anywhere else is corrupt data.
     *
     * @return {@code true} if {@code null} is one of the channel's values
     */
    default boolean acceptsNull() {
        return !type().primitive();
    }

    /**
     * Whether the channel's value is stored in checkpoints.
     *
     * @return {@code false} for untracked channels
     */
    default boolean tracked() {
        return true;
    }

    /**
     * Whether a superstep without writes can change the channel (it clears), so the loop must
     * notify it.
     *
     * @return {@code true} for kinds that clear themselves
     */
    default boolean clearsWithoutWrites() {
        return false;
    }

    /**
     * Whether the channel reacts to the end of the graph.
     *
     * @return {@code true} for after-finish kinds
     */
    default boolean waitsForFinish() {
        return false;
    }

    /**
     * How a spec shows in messages: {@code ChannelSpec[name, KIND]}.
     *
     * @param spec the spec
     * @return its name and kind
     */
    static String describe(ChannelSpec spec) {
        return "ChannelSpec[" + spec.name() + ", " + spec.kind() + "]";
    }

    /**
     * A {@link LastValue} channel.
     *
     * @param name the channel name
     * @param type the value type
     * @return the spec
     */
    static LastValueSpec lastValue(String name, ValueType type) {
        return new LastValueSpec(name, type);
    }

    /**
     * A {@link ReducerChannel} that starts at the reducer's {@link ReduceFunction#empty()} value, or
     * empty when the reducer has none; {@link ReducerSpec#startingAt} gives it another start.
     *
     * @param name the channel name
     * @param reducer how writes combine
     * @param type the value type
     * @return the spec
     */
    static ReducerSpec reducer(String name, ReduceFunction<?> reducer, ValueType type) {
        return new ReducerSpec(name, reducer, null, type);
    }

    /**
     * A {@link Topic} channel that keeps values for one superstep; {@link TopicSpec#accumulating}
     * keeps them across supersteps.
     *
     * @param name the channel name
     * @param type the value type, a {@code List} of the published element type
     * @return the spec
     */
    static TopicSpec topic(String name, ValueType type) {
        return new TopicSpec(name, type, false);
    }

    /**
     * An {@link EphemeralValue} channel that rejects several writes per superstep; {@link
     * EphemeralSpec#unguarded} keeps one of them instead.
     *
     * @param name the channel name
     * @param type the value type
     * @return the spec
     */
    static EphemeralSpec ephemeral(String name, ValueType type) {
        return new EphemeralSpec(name, type, true);
    }

    /**
     * An {@link AnyValue} channel.
     *
     * @param name the channel name
     * @param type the value type
     * @return the spec
     */
    static AnyValueSpec anyValue(String name, ValueType type) {
        return new AnyValueSpec(name, type);
    }

    /**
     * A {@link LastValueAfterFinish} channel.
     *
     * @param name the channel name
     * @param type the value type
     * @return the spec
     */
    static AfterFinishSpec lastValueAfterFinish(String name, ValueType type) {
        return new AfterFinishSpec(name, type);
    }

    /**
     * An {@link UntrackedValue} channel that rejects several writes per superstep; {@link
     * UntrackedSpec#unguarded} keeps one of them instead.
     *
     * @param name the channel name
     * @param type the value type
     * @return the spec
     */
    static UntrackedSpec untracked(String name, ValueType type) {
        return new UntrackedSpec(name, type, true);
    }

    /**
     * A {@link NamedBarrierValue} channel; {@link BarrierSpec#waitingForFinish} makes it also wait for
     * the end of the graph.
     *
     * @param name the channel name
     * @param names the names that must all be written
     * @return the spec
     */
    static BarrierSpec namedBarrier(String name, Set<String> names) {
        return new BarrierSpec(name, Set.copyOf(names), false);
    }

    /**
     * {@link LastValue}: the last write wins, one write per superstep.
     *
     * @param name the channel name
     * @param type the value type
     */
    record LastValueSpec(String name, ValueType type) implements ChannelSpec {
        /**
         * Checks the fields.
         *
         * @param name the channel name
         * @param type the value type
         */
        public LastValueSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        @Override
        public Kind kind() {
            return Kind.LAST_VALUE;
        }

        @Override
        public String toString() {
            return describe(this);
        }

        @Override
        public Channel create() {
            return new LastValue(name);
        }

        @Override
        public boolean sameDefinition(ChannelSpec other) {
            return other instanceof LastValueSpec o && name.equals(o.name);
        }
    }

    /**
     * {@link ReducerChannel}: writes combine through a reducer.
     *
     * @param name the channel name
     * @param reducer how writes combine
     * @param initial the starting value, or {@code null} for the reducer's empty value
     * @param type the value type
     */
    record ReducerSpec(String name, ReduceFunction<?> reducer, Object initial, ValueType type) implements ChannelSpec {
        /**
         * Checks the fields.
         *
         * @param name the channel name
         * @param reducer how writes combine
         * @param initial the starting value, or {@code null}
         * @param type the value type
         */
        public ReducerSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(reducer, "reducer");
            Objects.requireNonNull(type, "type");
        }

        /**
         * The same channel starting at {@code initial}, as primitive components do, which cannot be
         * absent.
         *
         * @param initial the starting value
         * @return the spec
         */
        public ReducerSpec startingAt(Object initial) {
            return new ReducerSpec(name, reducer, Objects.requireNonNull(initial, "initial"), type);
        }

        @Override
        public Kind kind() {
            return Kind.REDUCER;
        }

        @Override
        public String toString() {
            return describe(this);
        }

        @Override
        public Channel create() {
            Object start = initial;
            if (start == null) {
                Object empty = reducer.empty();
                start = empty == null ? Channel.MISSING : empty;
            }
            return new ReducerChannel(name, reducer, start);
        }

        @Override
        public boolean sameDefinition(ChannelSpec other) {
            return other instanceof ReducerSpec o
                    && name.equals(o.name)
                    && (initial == null) == (o.initial == null)
                    && reducer.getClass() == o.reducer.getClass();
        }

        @Override
        public boolean storesDeltas() {
            return reducer.accumulates();
        }

        @Override
        public boolean acceptsNull() {
            return false;
        }
    }

    /**
     * {@link Topic}: a list of the values published.
     *
     * @param name the channel name
     * @param type the value type, a {@code List} of the element type
     * @param accumulate whether values are kept across supersteps
     */
    record TopicSpec(String name, ValueType type, boolean accumulate) implements ChannelSpec {
        /**
         * Checks the fields.
         *
         * @param name the channel name
         * @param type the value type
         * @param accumulate whether values are kept across supersteps
         */
        public TopicSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        /**
         * The same topic keeping its values across supersteps.
         *
         * @return the spec
         */
        public TopicSpec accumulating() {
            return new TopicSpec(name, type, true);
        }

        @Override
        public Kind kind() {
            return Kind.TOPIC;
        }

        @Override
        public String toString() {
            return describe(this);
        }

        @Override
        public Channel create() {
            return new Topic(name, accumulate);
        }

        @Override
        public boolean sameDefinition(ChannelSpec other) {
            return other instanceof TopicSpec o && name.equals(o.name) && accumulate == o.accumulate;
        }

        @Override
        public boolean acceptsNull() {
            return false;
        }

        @Override
        public boolean clearsWithoutWrites() {
            return !accumulate;
        }
    }

    /**
     * {@link EphemeralValue}: a value for one superstep.
     *
     * @param name the channel name
     * @param type the value type
     * @param guard whether several writes in one superstep are an error
     */
    record EphemeralSpec(String name, ValueType type, boolean guard) implements ChannelSpec {
        /**
         * Checks the fields.
         *
         * @param name the channel name
         * @param type the value type
         * @param guard whether several writes per superstep are an error
         */
        public EphemeralSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        /**
         * The same channel keeping one of several writes instead of rejecting them.
         *
         * @return the spec
         */
        public EphemeralSpec unguarded() {
            return new EphemeralSpec(name, type, false);
        }

        @Override
        public Kind kind() {
            return Kind.EPHEMERAL;
        }

        @Override
        public String toString() {
            return describe(this);
        }

        @Override
        public Channel create() {
            return new EphemeralValue(name, guard);
        }

        @Override
        public boolean sameDefinition(ChannelSpec other) {
            return other instanceof EphemeralSpec o && name.equals(o.name) && guard == o.guard;
        }

        @Override
        public boolean clearsWithoutWrites() {
            return true;
        }
    }

    /**
     * {@link AnyValue}: several writes of one superstep may arrive, any one is kept.
     *
     * @param name the channel name
     * @param type the value type
     */
    record AnyValueSpec(String name, ValueType type) implements ChannelSpec {
        /**
         * Checks the fields.
         *
         * @param name the channel name
         * @param type the value type
         */
        public AnyValueSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        @Override
        public Kind kind() {
            return Kind.ANY_VALUE;
        }

        @Override
        public String toString() {
            return describe(this);
        }

        @Override
        public Channel create() {
            return new AnyValue(name);
        }

        @Override
        public boolean sameDefinition(ChannelSpec other) {
            return other instanceof AnyValueSpec o && name.equals(o.name);
        }

        @Override
        public boolean clearsWithoutWrites() {
            return true;
        }
    }

    /**
     * {@link LastValueAfterFinish}: the last value, available once the graph finishes. Stored as
     * {@code {"value": …, "finished": …}}.
     *
     * @param name the channel name
     * @param type the value type
     */
    record AfterFinishSpec(String name, ValueType type) implements ChannelSpec {
        /**
         * Checks the fields.
         *
         * @param name the channel name
         * @param type the value type
         */
        public AfterFinishSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        @Override
        public Kind kind() {
            return Kind.LAST_VALUE_AFTER_FINISH;
        }

        @Override
        public String toString() {
            return describe(this);
        }

        @Override
        public Channel create() {
            return new LastValueAfterFinish(name);
        }

        @Override
        public boolean sameDefinition(ChannelSpec other) {
            return other instanceof AfterFinishSpec o && name.equals(o.name);
        }

        @Override
        public boolean waitsForFinish() {
            return true;
        }

        @Override
        public byte[] encodeValue(JsonSerde serde, Object value) {
            LastValueAfterFinish.Finishable f = (LastValueAfterFinish.Finishable) value;
            ObjectNode n = serde.nodes().objectNode();
            n.set("value", serde.toTree(type, f.value()));
            n.put("finished", f.finished());
            return serde.encodeTree(n);
        }

        @Override
        public Object decodeValue(JsonSerde serde, byte[] data, DecodeBudget budget) {
            JsonNode n = serde.decodeTree(data, budget);
            return new LastValueAfterFinish.Finishable(
                    serde.fromTree(type, n.path("value")), n.path("finished").asBoolean());
        }
    }

    /**
     * {@link UntrackedValue}: a value never checkpointed.
     *
     * @param name the channel name
     * @param type the value type
     * @param guard whether several writes in one superstep are an error
     */
    record UntrackedSpec(String name, ValueType type, boolean guard) implements ChannelSpec {
        /**
         * Checks the fields.
         *
         * @param name the channel name
         * @param type the value type
         * @param guard whether several writes per superstep are an error
         */
        public UntrackedSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        /**
         * The same channel keeping one of several writes instead of rejecting them.
         *
         * @return the spec
         */
        public UntrackedSpec unguarded() {
            return new UntrackedSpec(name, type, false);
        }

        @Override
        public Kind kind() {
            return Kind.UNTRACKED;
        }

        @Override
        public String toString() {
            return describe(this);
        }

        @Override
        public Channel create() {
            return new UntrackedValue(name, guard);
        }

        @Override
        public boolean sameDefinition(ChannelSpec other) {
            return other instanceof UntrackedSpec o && name.equals(o.name) && guard == o.guard;
        }

        @Override
        public boolean tracked() {
            return false;
        }
    }

    /**
     * {@link NamedBarrierValue}: waits until every one of {@code names} has written. Its writes are
     * the writers' names.
     *
     * @param name the channel name
     * @param names the names that must all be written
     * @param afterFinish whether it also waits for the end of the graph
     */
    record BarrierSpec(String name, Set<String> names, boolean afterFinish) implements ChannelSpec {
        private static final ValueType SEEN = ValueType.of(NamedBarrierValue.Seen.class);
        private static final ValueType WRITER = ValueType.of(String.class);

        /**
         * Checks the fields.
         *
         * @param name the channel name
         * @param names the names that must all be written
         * @param afterFinish whether it also waits for the end of the graph
         */
        public BarrierSpec {
            Objects.requireNonNull(name, "name");
            names = Set.copyOf(names);
        }

        /**
         * The same barrier, released only once the graph has finished.
         *
         * @return the spec
         */
        public BarrierSpec waitingForFinish() {
            return new BarrierSpec(name, names, true);
        }

        @Override
        public ValueType type() {
            return SEEN;
        }

        @Override
        public ValueType writeType() {
            return WRITER;
        }

        @Override
        public Kind kind() {
            return Kind.NAMED_BARRIER;
        }

        @Override
        public String toString() {
            return describe(this);
        }

        @Override
        public Channel create() {
            return new NamedBarrierValue(name, names, afterFinish);
        }

        @Override
        public boolean sameDefinition(ChannelSpec other) {
            return other instanceof BarrierSpec o
                    && name.equals(o.name)
                    && names.equals(o.names)
                    && afterFinish == o.afterFinish;
        }

        @Override
        public boolean acceptsNull() {
            return false;
        }

        @Override
        public boolean waitsForFinish() {
            return afterFinish;
        }
    }
}
