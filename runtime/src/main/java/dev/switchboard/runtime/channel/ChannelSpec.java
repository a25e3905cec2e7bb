package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.reducer.ReduceFunction;
import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;
import java.util.Set;

/**
 * The immutable definition of a channel, from which each run creates its own {@link Channel}.
 * Generated code declares one per state record component; the runtime adds the internal ones
 * (input, branch triggers, join barriers, the {@code Send} topic).
 */
public final class ChannelSpec {
    /** The channel kinds, LangGraph's channel classes. */
    public enum Kind {
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

    private final String name;
    private final Kind kind;
    private final ReduceFunction<?> reducer;
    private final Object initial;
    private final boolean flag;
    private final Set<String> names;
    private final ValueType type;

    private ChannelSpec(
            String name,
            Kind kind,
            ReduceFunction<?> reducer,
            Object initial,
            boolean flag,
            Set<String> names,
            ValueType type) {
        this.name = Objects.requireNonNull(name, "name");
        this.kind = kind;
        this.reducer = reducer;
        this.initial = initial;
        this.flag = flag;
        this.names = names;
        this.type = Objects.requireNonNull(type, "type");
    }

    /**
     * A {@link LastValue} channel.
     *
     * @param name the channel name
     * @param type the value type
     * @return the spec
     */
    public static ChannelSpec lastValue(String name, ValueType type) {
        return new ChannelSpec(name, Kind.LAST_VALUE, null, Channel.MISSING, false, Set.of(), type);
    }

    /**
     * A {@link ReducerChannel} that starts at the reducer's {@link ReduceFunction#empty()} value, or empty
     * when the reducer has none.
     *
     * @param name the channel name
     * @param reducer how writes combine
     * @param type the value type
     * @return the spec
     */
    public static ChannelSpec reducer(String name, ReduceFunction<?> reducer, ValueType type) {
        Objects.requireNonNull(reducer, "reducer");
        return new ChannelSpec(name, Kind.REDUCER, reducer, null, false, Set.of(), type);
    }

    /**
     * A {@link ReducerChannel} with an explicit starting value, used for primitive components,
     * which cannot be absent.
     *
     * @param name the channel name
     * @param reducer how writes combine
     * @param initial the starting value
     * @param type the value type
     * @return the spec
     */
    public static ChannelSpec reducer(String name, ReduceFunction<?> reducer, Object initial, ValueType type) {
        Objects.requireNonNull(reducer, "reducer");
        Objects.requireNonNull(initial, "initial");
        return new ChannelSpec(name, Kind.REDUCER, reducer, initial, true, Set.of(), type);
    }

    /**
     * A {@link Topic} channel.
     *
     * @param name the channel name
     * @param accumulate whether values are kept across supersteps
     * @param type the value type, a {@code List} of the published element type
     * @return the spec
     */
    public static ChannelSpec topic(String name, boolean accumulate, ValueType type) {
        return new ChannelSpec(name, Kind.TOPIC, null, null, accumulate, Set.of(), type);
    }

    /**
     * An {@link EphemeralValue} channel.
     *
     * @param name the channel name
     * @param guard whether to reject several writes per superstep
     * @param type the value type
     * @return the spec
     */
    public static ChannelSpec ephemeral(String name, boolean guard, ValueType type) {
        return new ChannelSpec(name, Kind.EPHEMERAL, null, null, guard, Set.of(), type);
    }

    /**
     * An {@link AnyValue} channel.
     *
     * @param name the channel name
     * @param type the value type
     * @return the spec
     */
    public static ChannelSpec anyValue(String name, ValueType type) {
        return new ChannelSpec(name, Kind.ANY_VALUE, null, null, false, Set.of(), type);
    }

    /**
     * A {@link LastValueAfterFinish} channel.
     *
     * @param name the channel name
     * @param type the value type
     * @return the spec
     */
    public static ChannelSpec lastValueAfterFinish(String name, ValueType type) {
        return new ChannelSpec(name, Kind.LAST_VALUE_AFTER_FINISH, null, null, false, Set.of(), type);
    }

    /**
     * An {@link UntrackedValue} channel.
     *
     * @param name the channel name
     * @param guard whether to reject several writes per superstep
     * @param type the value type
     * @return the spec
     */
    public static ChannelSpec untracked(String name, boolean guard, ValueType type) {
        return new ChannelSpec(name, Kind.UNTRACKED, null, null, guard, Set.of(), type);
    }

    /**
     * A {@link NamedBarrierValue} channel.
     *
     * @param name the channel name
     * @param names the names that must all be written
     * @param afterFinish whether it also waits for the end of the graph
     * @return the spec
     */
    public static ChannelSpec namedBarrier(String name, Set<String> names, boolean afterFinish) {
        return new ChannelSpec(
                name,
                Kind.NAMED_BARRIER,
                null,
                null,
                afterFinish,
                Set.copyOf(names),
                ValueType.of(NamedBarrierValue.Seen.class));
    }

    /**
     * The channel name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The channel kind.
     *
     * @return the kind
     */
    public Kind kind() {
        return kind;
    }

    /**
     * The type of the channel's value, which its stored form is read back with.
     *
     * @return the value type
     */
    public ValueType type() {
        return type;
    }

    /**
     * Whether checkpoints may store this channel's writes as deltas on top of a snapshot, because
     * its reducer accumulates (see {@link ReduceFunction#accumulates()}).
     *
     * @return {@code true} for accumulating reducer channels
     */
    public boolean storesDeltas() {
        return kind == Kind.REDUCER && reducer.accumulates();
    }

    /**
     * Whether the channel can hold {@code null}: only a non-primitive channel whose writes are not
     * reduced or published, as the generated update setters allow a {@code null} exactly there. A
     * stored {@code null} anywhere else is corrupt data.
     *
     * @return {@code true} if {@code null} is one of the channel's values
     */
    public boolean acceptsNull() {
        return !type.primitive() && kind != Kind.REDUCER && kind != Kind.TOPIC && kind != Kind.NAMED_BARRIER;
    }

    /**
     * Whether the channel's value is stored in checkpoints.
     *
     * @return {@code false} for untracked channels
     */
    public boolean tracked() {
        return kind != Kind.UNTRACKED;
    }

    /**
     * Whether a superstep without writes can change the channel (it clears), so the loop must
     * notify it.
     *
     * @return {@code true} for kinds that clear themselves
     */
    public boolean clearsWithoutWrites() {
        return kind == Kind.EPHEMERAL || kind == Kind.ANY_VALUE || (kind == Kind.TOPIC && !flag);
    }

    /**
     * Whether the channel reacts to the end of the graph.
     *
     * @return {@code true} for after-finish kinds
     */
    public boolean waitsForFinish() {
        return kind == Kind.LAST_VALUE_AFTER_FINISH || (kind == Kind.NAMED_BARRIER && flag);
    }

    /**
     * Whether two specs describe the same channel, so that two records may share it.
     *
     * @param other the other spec
     * @return {@code true} if they have the same name, kind and options
     */
    public boolean sameDefinition(ChannelSpec other) {
        return name.equals(other.name)
                && kind == other.kind
                && flag == other.flag
                && names.equals(other.names)
                && (reducer == null
                        ? other.reducer == null
                        : other.reducer != null && reducer.getClass() == other.reducer.getClass());
    }

    /**
     * Creates a fresh, empty channel for one run.
     *
     * @return the channel
     */
    public Channel create() {
        return switch (kind) {
            case LAST_VALUE -> new LastValue(name);
            case REDUCER -> new ReducerChannel(name, reducer, startingValue());
            case TOPIC -> new Topic(name, flag);
            case EPHEMERAL -> new EphemeralValue(name, flag);
            case ANY_VALUE -> new AnyValue(name);
            case LAST_VALUE_AFTER_FINISH -> new LastValueAfterFinish(name);
            case UNTRACKED -> new UntrackedValue(name, flag);
            case NAMED_BARRIER -> new NamedBarrierValue(name, names, flag);
        };
    }

    private Object startingValue() {
        if (flag) {
            return initial;
        }
        Object empty = reducer.empty();
        return empty == null ? Channel.MISSING : empty;
    }

    @Override
    public String toString() {
        return "ChannelSpec[" + name + ", " + kind + "]";
    }
}
