package dev.switchboard.runtime.reducer;

import java.util.List;

/**
 * Appends the written list to the current one; starts empty. The result is unmodifiable. Appends
 * that follow one another share storage, so a list that grows by n appends costs O(n) to build.
 * A {@code null} element is kept where it was written, as LangGraph's list concatenation keeps it,
 * and survives checkpoints; only the written list itself must not be {@code null}.
 *
 * @param <E> the element type
 */
public final class Append<E> implements ReduceFunction<List<E>> {
    /** Creates the reducer. */
    public Append() {}

    @Override
    public List<E> reduce(List<E> current, List<E> update) {
        if (update.isEmpty()) {
            return current;
        }
        return AppendList.concat(current, update);
    }

    @Override
    public List<E> empty() {
        return List.of();
    }

    @Override
    public boolean accumulates() {
        return true;
    }
}
