package dev.switchboard.runtime;

import java.util.Objects;

/**
 * The result of {@link CompiledGraph#invoke}: the graph's output (its output record read from the
 * final state).
 *
 * @param <O> the output record type
 */
public final class GraphOutput<O> {
    private final O value;

    /**
     * Creates a result.
     *
     * @param value the output record
     */
    public GraphOutput(O value) {
        this.value = Objects.requireNonNull(value, "value");
    }

    /**
     * The output record; components whose channels were never written are {@code null} (or zero
     * for primitives).
     *
     * @return the output
     */
    public O value() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GraphOutput<?> other && value.equals(other.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return "GraphOutput[" + value + "]";
    }
}
