package dev.switchboard.langchain4j;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.reducer.ReduceFunction;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
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
 * <p>A written message without an id gets its random UUID where the write is made ({@link
 * #prepareWrite}), before the write is stored, so {@link #reduce} is a function of its arguments:
 * checkpoints store the channel as deltas (each step's messages, replaces and removals) on
 * periodic snapshots, and replaying them gives exactly the messages and ids the run had. Messages
 * already in the list without an id (only an {@code Overwrite} puts them there, bypassing the
 * reducer, as in LangGraph) get theirs at the next reduce, derived from the written messages' ids
 * and their position, so a replay derives the same ones.
 */
public final class AddMessages implements ReduceFunction<List<Message>> {
    /** Creates the reducer; {@code @Reducer(AddMessages.class)} has generated code create it. */
    public AddMessages() {}

    @Override
    public List<Message> empty() {
        return List.of();
    }

    /** Gives each message written without an id a random UUID (v4), before the write is stored. */
    @Override
    public List<Message> prepareWrite(List<Message> update) {
        return withIds(update);
    }

    @Override
    public boolean accumulates() {
        return true;
    }

    @Override
    public List<Message> reduce(List<Message> current, List<Message> update) {
        List<Message> right = withIds(update);
        // A list this reducer made has ids throughout: only another (an Overwrite's) is scanned.
        List<Message> left = current instanceof MessageList ? current : withDerivedIds(current, right);
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
        MessageList list = left instanceof MessageList m ? m : MessageList.ofDistinct(left);
        if (list != null && appendsOnly(list, right)) {
            // The common write, new messages: appended to the shared array, found by the list's index.
            return list.append(right);
        }
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
        MessageList result = MessageList.ofDistinct(merged);
        return result != null ? result : Collections.unmodifiableList(merged);
    }

    /** Whether the written messages only append: no removal, no id the list or an earlier one has. */
    private static boolean appendsOnly(MessageList list, List<Message> right) {
        for (int i = 0; i < right.size(); i++) {
            Message m = right.get(i);
            if (m.isRemoval() || list.indexOfId(m.id()) >= 0) {
                return false;
            }
            for (int j = 0; j < i; j++) {
                if (right.get(j).id().equals(m.id())) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The messages, those without an id given one derived from their position and the written
     * messages' ids, which are random once per write: unique like a random id, yet the same each
     * time the same writes are replayed onto the same list. In UUID v4 form, as LangGraph's ids.
     */
    static List<Message> withDerivedIds(List<Message> messages, List<Message> written) {
        List<Message> out = null;
        for (int i = 0; i < messages.size(); i++) {
            Message m = messages.get(i);
            if (m == null) {
                throw new InvalidUpdateException("a messages list holds null at index " + i, null);
            }
            if (m.id() == null) {
                out = out == null ? new ArrayList<>(messages) : out;
                out.set(i, m.withId(derivedId(i, m, written)));
            }
        }
        return out == null ? messages : out;
    }

    private static String derivedId(int index, Message m, List<Message> written) {
        StringBuilder seed = new StringBuilder().append(index).append('\u0000').append(m.chat());
        for (Message w : written) {
            seed.append('\u0000').append(w.id());
        }
        byte[] hash;
        try {
            hash = MessageDigest.getInstance("SHA-256").digest(seed.toString().getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
        ByteBuffer b = ByteBuffer.wrap(hash);
        long high = (b.getLong() & ~0xF000L) | 0x4000L; // version 4
        long low = (b.getLong() & ~(0xC000L << 48)) | (0x8000L << 48); // IETF variant
        return new UUID(high, low).toString();
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
