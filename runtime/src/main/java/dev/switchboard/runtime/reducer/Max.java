package dev.switchboard.runtime.reducer;

/**
 * Keeps the larger of the current and the written value.
 *
 * @param <T> a comparable type
 */
public final class Max<T extends Comparable<? super T>> implements ReduceFunction<T> {
    /** Creates the reducer. */
    public Max() {}

    @Override
    public T reduce(T current, T update) {
        return update.compareTo(current) > 0 ? update : current;
    }
}
