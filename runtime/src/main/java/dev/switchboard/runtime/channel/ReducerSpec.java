package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.Overwrite;
import dev.switchboard.runtime.reducer.ReduceFunction;
import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;

/**
 * {@link ReducerChannel}: writes combine through a reducer.
 *
 * @param name the channel name
 * @param reducer how writes combine
 * @param initial the starting value, or {@code null} for the reducer's empty value
 * @param type the value type
 */
public record ReducerSpec(String name, ReduceFunction<?> reducer, Object initial, ValueType type)
        implements ChannelSpec {
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
        return ChannelSpec.describe(this);
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
    @SuppressWarnings("unchecked")
    public Object prepareWrite(Object value) {
        // An Overwrite bypasses the reducer, as in LangGraph: its value is stored as written.
        return value instanceof Overwrite<?> ? value : ((ReduceFunction<Object>) reducer).prepareWrite(value);
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
