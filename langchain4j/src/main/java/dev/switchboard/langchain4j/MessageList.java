package dev.switchboard.langchain4j;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lists {@link AddMessages} returns: unmodifiable views of the first {@code size} slots of an
 * array that successive appends share, with an index of the ids in those slots. Appending new
 * messages to the view that covers every filled slot writes them into the array's spare room and
 * the index, so a conversation built (or replayed from stored deltas) by n appends costs O(n), not
 * O(n²), and telling whether a written id is already in the list takes no scan. A view's size is
 * fixed; appending to an older view (a fork) copies. Every message in it has an id.
 */
final class MessageList extends AbstractList<Message> implements RandomAccess {
    private static final int MIN_CAPACITY = 16;

    /**
     * The shared slots, how many are taken, and where each id in them is. The filled slots are one
     * history (only the view covering all of them appends), so an id is in one slot at most; a view
     * sees an index entry only below its size. A slot and its index entry are written by the append
     * that claimed them, before the view that covers them exists.
     */
    private static final class Store {
        final Message[] items;
        final AtomicInteger filled;
        final Map<String, Integer> index = new ConcurrentHashMap<>();

        Store(Message[] items, int filled) {
            this.items = items;
            this.filled = new AtomicInteger(filled);
            for (int i = 0; i < filled; i++) {
                index.put(items[i].id(), i);
            }
        }
    }

    private final Store store;
    private final int size;

    private MessageList(Store store, int size) {
        this.store = store;
        this.size = size;
    }

    /**
     * The messages as a list of this kind, or {@code null} if two share an id (as the messages after
     * a {@code REMOVE_ALL} marker, taken as they are, may).
     */
    static MessageList ofDistinct(List<Message> messages) {
        int n = messages.size();
        Message[] items = messages.toArray(new Message[Math.max(MIN_CAPACITY, n + (n >> 1))]);
        Store store = new Store(items, n);
        return store.index.size() == n ? new MessageList(store, n) : null;
    }

    /** Where the message of this id is in the list, or -1. */
    int indexOfId(String id) {
        Integer at = store.index.get(id);
        return at != null && at < size ? at : -1;
    }

    /**
     * The list followed by {@code added}, whose ids are all new (none in the list, none twice),
     * sharing this list's array where it can.
     */
    MessageList append(List<Message> added) {
        int n = added.size();
        if (size + n <= store.items.length && store.filled.compareAndSet(size, size + n)) {
            for (int i = 0; i < n; i++) {
                store.items[size + i] = added.get(i);
                store.index.put(added.get(i).id(), size + i);
            }
            return new MessageList(store, size + n);
        }
        Message[] items = Arrays.copyOf(store.items, Math.max(MIN_CAPACITY, (size + n) + ((size + n) >> 1)));
        for (int i = 0; i < n; i++) {
            items[size + i] = added.get(i);
        }
        Arrays.fill(items, size + n, items.length, null);
        return new MessageList(new Store(items, size + n), size + n);
    }

    @Override
    public Message get(int index) {
        Objects.checkIndex(index, size);
        return store.items[index];
    }

    @Override
    public int size() {
        return size;
    }
}
