package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.Overwrite;
import dev.switchboard.runtime.reducer.ReduceFunction;
import java.util.List;

/**
 * Combines writes with a {@link ReduceFunction} (LangGraph's {@code BinaryOperatorAggregate}). It starts
 * at an initial value when it has one; otherwise the first value ever written is stored as it is
 * and later ones are reduced into it. An {@link Overwrite} replaces the value: same-step writes
 * before it are discarded, writes after it are ignored, and a second one is an error.
 */
final class ReducerChannel extends SingleValueChannel {
    private final ReduceFunction<Object> reducer;

    /**
     * Creates a channel at its initial value.
     *
     * @param name the channel name
     * @param reducer how writes combine
     * @param initial the starting value, or {@link Channel#MISSING} for none
     */
    @SuppressWarnings("unchecked")
    public ReducerChannel(String name, ReduceFunction<?> reducer, Object initial) {
        super(name);
        this.reducer = (ReduceFunction<Object>) reducer;
        this.value = initial;
    }

    @Override
    public boolean update(List<?> values) {
        int n = values.size();
        if (n == 0) {
            return false;
        }
        boolean seenOverwrite = false;
        for (int i = 0; i < n; i++) {
            Object v = values.get(i);
            if (v instanceof Overwrite<?> o) {
                if (seenOverwrite) {
                    throw new InvalidUpdateException(
                            "Invalid update for channel \"" + name() + "\" with values " + Writes.describe(values)
                                    + ": Can receive only one Overwrite value per step.",
                            null);
                }
                seenOverwrite = true;
                value = o.value();
            } else if (!seenOverwrite) {
                value = value == MISSING ? v : reducer.reduce(value, v);
            }
        }
        return true;
    }

    @Override
    SingleValueChannel emptyCopy() {
        return new ReducerChannel(name(), reducer, MISSING);
    }
}
