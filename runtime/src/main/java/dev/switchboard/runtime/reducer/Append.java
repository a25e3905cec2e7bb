package dev.switchboard.runtime.reducer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Appends the written list to the current one; starts empty. The result is unmodifiable.
 *
 * @param <E> the element type
 */
public final class Append<E> implements Reducer<List<E>> {
    /** Creates the reducer. */
    public Append() {}

    @Override
    public List<E> reduce(List<E> current, List<E> update) {
        if (update.isEmpty()) {
            return current;
        }
        List<E> out = new ArrayList<>(current.size() + update.size());
        out.addAll(current);
        out.addAll(update);
        return Collections.unmodifiableList(out);
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
