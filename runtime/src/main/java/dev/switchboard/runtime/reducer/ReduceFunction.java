package dev.switchboard.runtime.reducer;

/**
 * Combines the current value of a state component with a written value. Implementations named in
 * {@code @Reducer(X.class)} need a no-argument constructor; the generated code creates one
 * instance per graph, so they must be stateless and thread-safe. Same-step writes reach the reducer
 * one by one in task order (pull tasks by node name, then {@code Send} tasks in send order).
 *
 * @param <T> the component's type (boxed for primitives)
 */
public interface ReduceFunction<T> {
    /**
     * Combines a value into the current one. Must not modify either argument.
     *
     * @param current the current value
     * @param update the written value
     * @return the new value
     */
    T reduce(T current, T update);

    /**
     * The value the channel starts at, like LangGraph's default for a reducer key. {@code null}
     * means none: the first value ever written is then stored as it is. Components of primitive
     * type start at zero regardless.
     *
     * @return the starting value, or {@code null}
     */
    default T empty() {
        return null;
    }

    /**
     * Whether values grow by accumulating writes (lists, maps, sets), so that a checkpoint may
     * store just each superstep's writes and rebuild the value by reducing them onto an earlier
     * snapshot. This keeps storage linear in the number of steps. Only return {@code true} if
     * reducing the same writes onto the same value always gives the same result.
     *
     * @return {@code true} for accumulating reducers
     */
    default boolean accumulates() {
        return false;
    }
}
