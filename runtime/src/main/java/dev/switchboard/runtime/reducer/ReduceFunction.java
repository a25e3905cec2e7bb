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
     * Completes a write where it is made, before anything stores or reduces it: the result is what
     * the task's pending write holds, what a checkpoint's delta stores, and what {@link #reduce}
     * receives. A reducer that needs something drawn at random or from the clock (as LangGraph's
     * {@code add_messages} gives each new message a fresh id) draws it here, so that {@link
     * #reduce} stays a function of its arguments and replaying stored writes rebuilds exactly the
     * value the run had. Called once per written value, never for an {@code Overwrite} (which
     * bypasses the reducer) and never on replay. The default returns the write as it is.
     *
     * @param update the value a node, an input or {@code updateState} wrote
     * @return the write to store and reduce; {@code update} itself if nothing needs completing
     */
    default T prepareWrite(T update) {
        return update;
    }

    /**
     * Whether checkpoints may store this reducer's channel as deltas: each superstep's writes
     * alone, the value rebuilt on reading by reducing them onto the last snapshot, with a new
     * snapshot once the deltas since the last one outgrow it (so storage stays linear in the
     * conversation and a read decodes at most about twice the value). Return {@code true} for
     * values that grow by accumulating writes (lists, maps, sets, a conversation that also replaces
     * and removes by id) when {@link #reduce} is deterministic: the same writes reduced onto the same
     * value always give an equal result. Anything a write must draw at random belongs in {@link
     * #prepareWrite}.
     *
     * @return {@code true} for reducers whose channels may be stored as deltas
     */
    default boolean accumulates() {
        return false;
    }
}
