package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * The input of a functional workflow's run, as {@link CompiledGraph} takes it: the value its
 * entrypoint receives. The generated {@code <Class>Workflow} takes the value itself too ({@code
 * workflow.invoke(3, config)}); this wrapper is what a caller that treats every graph alike (a
 * server, a client of {@code CompiledGraph}) passes.
 *
 * @param <T> the entrypoint's input type
 */
public final class WorkflowInput<T> extends StateUpdate {
    private final T value;

    private WorkflowInput(T value) {
        this.value = Objects.requireNonNull(value, "value");
    }

    /**
     * An entrypoint's input.
     *
     * @param value the value; resume a paused run with {@code resume(config)} rather than a null input
     * @param <T> the input type
     * @return the input
     */
    public static <T> WorkflowInput<T> of(T value) {
        return new WorkflowInput<>(value);
    }

    /**
     * The value the entrypoint receives.
     *
     * @return the value
     */
    public T value() {
        return value;
    }

    @Override
    protected void ownWrites(BiConsumer<String, Object> sink) {
        sink.accept(ReservedNames.START, value);
    }
}
