package dev.switchboard.runtime.reducer;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Adds the written elements to the current set; starts empty; keeps insertion order; the result is
 * unmodifiable.
 *
 * @param <E> the element type
 */
public final class Union<E> implements ReduceFunction<Set<E>> {
    /** Creates the reducer. */
    public Union() {}

    @Override
    public Set<E> reduce(Set<E> current, Set<E> update) {
        if (current.containsAll(update)) {
            return current;
        }
        Set<E> out = new LinkedHashSet<>(current);
        out.addAll(update);
        return Collections.unmodifiableSet(out);
    }

    @Override
    public Set<E> empty() {
        return Set.of();
    }

    @Override
    public boolean accumulates() {
        return true;
    }
}
