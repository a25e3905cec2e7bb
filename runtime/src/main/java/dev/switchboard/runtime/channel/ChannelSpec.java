package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.reducer.ReduceFunction;
import dev.switchboard.runtime.serde.DecodeBudget;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.ValueType;
import java.util.Set;

/**
 * The immutable definition of a channel, from which each run creates its own {@link Channel}: one
 * record per kind, each with its options named ({@code ChannelSpec.topic("t", type).accumulating()})
 * and owning its stored form. Generated code declares one per state record component; the runtime
 * adds the internal ones (input, branch triggers, join barriers, the {@code Send} topic).
 */
public sealed interface ChannelSpec
        permits LastValueSpec,
                ReducerSpec,
                TopicSpec,
                EphemeralSpec,
                AnyValueSpec,
                AfterFinishSpec,
                UntrackedSpec,
                BarrierSpec {
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
     * A write to this channel as it is stored and applied: for a reducer channel, what its reducer's
     * {@link ReduceFunction#prepareWrite} makes of it (an {@code Overwrite} as it is); for other
     * channels the value itself. The runtime calls it where a node, an input or {@code updateState}
     * writes, before the write is stored or applied.
     *
     * @param value the written value, or an {@code Overwrite}
     * @return the write to store and apply
     */
    default Object prepareWrite(Object value) {
        return value;
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
}
