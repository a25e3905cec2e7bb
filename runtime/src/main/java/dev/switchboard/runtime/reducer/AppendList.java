package dev.switchboard.runtime.reducer;

import java.io.Serializable;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lists {@link Append} returns: unmodifiable views of the first {@code size} slots of an array
 * that successive appends share. Appending to the view that covers every filled slot writes the new
 * elements into the array's spare room instead of copying the list, so a list built by n appends
 * costs O(n) rather than O(n²). A view's size is fixed, so it never shows elements appended after
 * it was made; appending to an older view (a fork of the value) copies.
 *
 * @param <E> the element type
 */
final class AppendList<E> extends AbstractList<E> implements RandomAccess, Serializable {
    private static final long serialVersionUID = 1L;
    private static final int MIN_CAPACITY = 8;

    /**
     * The shared array and how many of its slots are taken. A slot is written once, by the append
     * that claimed it, before the view that covers it exists; so views only ever read slots that
     * are final for them, and two appends to the same view race only for the claim.
     */
    private static final class Store {
        final Object[] items;
        final AtomicInteger filled;

        Store(Object[] items, int filled) {
            this.items = items;
            this.filled = new AtomicInteger(filled);
        }
    }

    private final transient Store store;
    private final int size;

    private AppendList(Store store, int size) {
        this.store = store;
        this.size = size;
    }

    /** {@code current} followed by {@code update}, sharing {@code current}'s array where it can. */
    static <E> List<E> concat(List<E> current, List<E> update) {
        int added = update.size();
        if (current instanceof AppendList<E> view) {
            Store s = view.store;
            int from = view.size;
            if (from + added <= s.items.length) {
                if (s.filled.compareAndSet(from, from + added)) {
                    copyInto(update, s.items, from);
                    return new AppendList<>(s, from + added);
                }
                if (holds(s, from, update)) {
                    return new AppendList<>(s, from + added);
                }
            }
        }
        int size = current.size() + added;
        Object[] items = new Object[Math.max(MIN_CAPACITY, size + (size >> 1))];
        copyInto(current, items, 0);
        copyInto(update, items, current.size());
        return new AppendList<>(new Store(items, size), size);
    }

    /**
     * Whether the slots after {@code from} already hold exactly {@code update}'s elements (the same
     * objects): the same append was made before, as when a route previews a node's writes on a copy
     * of the channels and the step then applies them for real. The result can then share those
     * slots instead of copying a list that may be long. A slot claimed but not yet written (or not
     * yet visible here) reads {@code null} or another object, and the append copies as before.
     */
    private static boolean holds(Store s, int from, List<?> update) {
        if (s.filled.get() < from + update.size()) {
            return false;
        }
        List<?> items = update instanceof RandomAccess ? update : new ArrayList<>(update);
        for (int i = 0; i < items.size(); i++) { // indexed: no iterator per append
            Object e = items.get(i);
            if (e == null || s.items[from + i] != e) {
                return false;
            }
        }
        return true;
    }

    private static void copyInto(List<?> from, Object[] to, int at) {
        if (from instanceof AppendList<?> view) {
            System.arraycopy(view.store.items, 0, to, at, view.size);
            return;
        }
        if (from instanceof RandomAccess) { // a node's List.of(...): indexed, no iterator per append
            for (int i = 0; i < from.size(); i++) {
                to[at + i] = from.get(i);
            }
            return;
        }
        int i = at;
        for (Object e : from) {
            to[i++] = e;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public E get(int index) {
        Objects.checkIndex(index, size);
        return (E) store.items[index];
    }

    @Override
    public int size() {
        return size;
    }

    /** Serialized as a plain unmodifiable list: the shared array is not part of the value. */
    private Object writeReplace() {
        return Collections.unmodifiableList(new ArrayList<>(this));
    }
}
