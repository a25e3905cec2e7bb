package dev.switchboard.runtime;

import java.util.List;
import java.util.Objects;

/**
 * The result of {@link CompiledGraph#invoke}: the graph's output (its output record read from the
 * final state) and, if the run paused, that it did and why, so a caller never needs a second call
 * to learn it.
 *
 * @param <O> the output record type
 */
public final class GraphOutput<O> {
    private final O value;
    private final boolean paused;
    private final List<Interrupt> interrupts;

    /**
     * Creates the result of a run that finished.
     *
     * @param value the output record
     */
    public GraphOutput(O value) {
        this(value, false, List.of());
    }

    /**
     * Creates a result.
     *
     * @param value the output record ({@code null} only for a functional workflow paused before its
     *     entrypoint first returned)
     * @param paused whether the run stopped at a breakpoint or an interrupt
     * @param interrupts the interrupts nodes raised; empty for breakpoints
     */
    public GraphOutput(O value, boolean paused, List<Interrupt> interrupts) {
        this.paused = paused || !interrupts.isEmpty();
        this.value = this.paused ? value : Objects.requireNonNull(value, "value");
        this.interrupts = List.copyOf(interrupts);
    }

    /**
     * The output record; components whose channels were never written are {@code null} (or zero
     * for primitives). When the run paused at an interrupt, it includes the writes of the tasks of
     * the paused superstep that finished, as LangGraph returns them; they stay pending in the
     * checkpoint and are applied once when the run resumes, without running those tasks again. A
     * functional workflow's output is its entrypoint's return value: {@code null} while its first run
     * on a thread is paused.
     *
     * @return the output
     */
    public O value() {
        return value;
    }

    /**
     * Whether the run paused (at a breakpoint or an interrupt) rather than finished; resume it with
     * {@link CompiledGraph#resume(RunConfig)}.
     *
     * @return {@code true} if paused
     */
    public boolean paused() {
        return paused;
    }

    /**
     * The interrupts raised by nodes, in task order; empty when the run finished or stopped at a
     * static breakpoint.
     *
     * @return the interrupts
     */
    public List<Interrupt> interrupts() {
        return interrupts;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GraphOutput<?> other
                && value.equals(other.value)
                && paused == other.paused
                && interrupts.equals(other.interrupts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(value, paused, interrupts);
    }

    @Override
    public String toString() {
        return "GraphOutput[" + value + (paused ? ", paused, interrupts=" + interrupts : "") + "]";
    }
}
