package dev.switchboard.langchain4j;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.reducer.ReduceFunction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * LangGraph's {@code add_messages} reducer for {@code List<Message>}: a message whose id is already
 * in the list replaces that one in place; a new id appends; a message without an id gets a random
 * UUID (v4) and appends; {@link Message#remove(String)} deletes the message with that id, and an id
 * that is neither in the list nor earlier in the same update fails the write with an {@link
 * InvalidUpdateException} (LangGraph's error); after a {@link Message#removeAll()} marker only what
 * follows the last marker in the update is kept, removals included, as LangGraph keeps them. It
 * applies to the graph's input too, and starts at an empty list.
 *
 * <p>Ids are random, so reducing the same writes twice gives different ids: the channel is stored
 * whole at each checkpoint rather than as deltas.
 */
public final class AddMessages implements ReduceFunction<List<Message>> {
    /** Creates the reducer; {@code @Reducer(AddMessages.class)} has generated code create it. */
    public AddMessages() {}

    @Override
    public List<Message> empty() {
        return List.of();
    }

    @Override
    public List<Message> reduce(List<Message> current, List<Message> update) {
        List<Message> left = withIds(current);
        List<Message> right = withIds(update);
        int lastRemoveAll = -1;
        for (int i = 0; i < right.size(); i++) {
            if (right.get(i).isRemoveAll()) {
                lastRemoveAll = i;
            }
        }
        if (lastRemoveAll >= 0) {
            return List.copyOf(right.subList(lastRemoveAll + 1, right.size()));
        }
        return merge(left, right);
    }

    private static List<Message> merge(List<Message> left, List<Message> right) {
        List<Message> merged = new ArrayList<>(left);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < merged.size(); i++) {
            index.put(merged.get(i).id(), i);
        }
        Set<String> removed = new HashSet<>();
        for (Message m : right) {
            Integer at = index.get(m.id());
            if (at == null && m.isRemoval()) {
                throw new InvalidUpdateException(
                        "Attempting to delete a message with an ID that doesn't exist ('" + m.id() + "')", null);
            }
            if (at == null) {
                index.put(m.id(), merged.size());
                merged.add(m);
            } else if (m.isRemoval()) {
                removed.add(m.id());
            } else {
                removed.remove(m.id());
                merged.set(at, m);
            }
        }
        if (!removed.isEmpty()) {
            merged.removeIf(m -> removed.contains(m.id()));
        }
        return List.copyOf(merged);
    }

    /** The messages, those without an id given a fresh one; the list itself if all have one. */
    static List<Message> withIds(List<Message> messages) {
        List<Message> out = null;
        for (int i = 0; i < messages.size(); i++) {
            Message m = messages.get(i);
            if (m == null) {
                throw new InvalidUpdateException("a messages list holds null at index " + i, null);
            }
            if (m.id() == null) {
                out = out == null ? new ArrayList<>(messages) : out;
                out.set(i, m.withId(UUID.randomUUID().toString()));
            }
        }
        return out == null ? messages : out;
    }
}
