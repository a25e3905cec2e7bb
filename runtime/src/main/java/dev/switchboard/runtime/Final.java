package dev.switchboard.runtime;

/**
 * What a functional workflow's entrypoint returns to give its caller one value and save another for
 * the thread's next run: LangGraph's {@code entrypoint.final}. The caller, the state and every
 * snapshot see {@code value}; the next run's {@code @Previous} parameter gets {@code save}. An
 * entrypoint that returns a plain value saves that value.
 *
 * @param value what the run returns
 * @param save what the next run on the thread sees as its previous value
 * @param <V> the returned type
 * @param <S> the saved type
 */
public record Final<V, S>(V value, S save) {
    /**
     * A final result.
     *
     * @param value what the run returns
     * @param save what the next run sees as previous
     * @param <V> the returned type
     * @param <S> the saved type
     * @return the result
     */
    public static <V, S> Final<V, S> of(V value, S save) {
        return new Final<>(value, save);
    }
}
