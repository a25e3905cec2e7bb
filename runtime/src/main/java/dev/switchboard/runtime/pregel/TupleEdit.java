package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * A checkpoint tuple being read as a later version of its graph's stored schema: channels and nodes
 * renamed, channels replaced by a migration's values. A channel whose name or stored value changed
 * here has no such blob in the store, so {@link #restore} lists it for the next checkpoint to store
 * again: a value that changed gets a version string of its own (the same counter, which is all nodes
 * compare, with {@code ~s<version>} appended to its suffix), so it never collides with the blob the
 * older version stored.
 */
final class TupleEdit {
    private static final String JOIN_PREFIX = "join:";

    final CheckpointTuple source;
    final Map<String, ChannelVersion> channels;
    final Map<String, List<Blob>> blobs = new HashMap<>();
    final Map<String, Map<String, String>> seen = new LinkedHashMap<>();
    List<PendingWrite> writes;
    /** The channels, by their new names, whose blobs the next checkpoint must store. */
    final Set<String> restore = new HashSet<>();

    private final JsonSerde serde;
    /** The version being read as: the suffix of rewritten values. */
    int version;

    TupleEdit(CheckpointTuple tuple, JsonSerde serde) {
        this.source = tuple;
        this.serde = serde;
        this.version = tuple.checkpoint().schemaVersion();
        this.channels = new LinkedHashMap<>(tuple.checkpoint().channels());
        for (Blob b : tuple.blobs()) {
            blobs.computeIfAbsent(b.channel(), k -> new ArrayList<>()).add(b);
        }
        tuple.checkpoint().versionsSeen().forEach((node, versions) -> seen.put(node, new LinkedHashMap<>(versions)));
        this.writes = new ArrayList<>(tuple.pendingWrites());
    }

    /** The tuple as read by {@code schemaVersion}. */
    CheckpointTuple result(int schemaVersion) {
        Checkpoint c = source.checkpoint();
        List<Blob> all = new ArrayList<>();
        blobs.values().forEach(all::addAll);
        Checkpoint upgraded = new Checkpoint(c.formatVersion(), c.id(), c.timestamp(), channels, seen, schemaVersion);
        return new CheckpointTuple(
                source.threadId(), source.namespace(), upgraded, source.metadata(), source.parentId(), all, writes);
    }

    // ---------------------------------------------------------------- channels

    /**
     * Renames channels, leaving alone those in {@code keep} (a migration's result, already in the
     * newer version's names): their stored values, the versions nodes have seen of them, the pending
     * writes to them and the run input's values for them.
     */
    void renameChannels(Map<String, String> renames, Set<String> keep) {
        Map<String, String> effective = new HashMap<>();
        renames.forEach((old, now) -> {
            if (!keep.contains(old)) {
                effective.put(old, now);
            }
        });
        if (effective.isEmpty()) {
            return;
        }
        effective.forEach(this::moveChannel);
        for (Map<String, String> versions : seen.values()) {
            renameKeys(versions, effective);
        }
        writes.replaceAll(w -> effective.containsKey(w.channel())
                ? new PendingWrite(w.taskId(), w.index(), effective.get(w.channel()), w.value())
                : w);
        rewrite(ReservedNames.START, input -> renameFields(input, effective));
    }

    /** Moves a channel's version and blobs to a new name. */
    private void moveChannel(String old, String now) {
        ChannelVersion v = channels.remove(old);
        if (v == null) {
            return;
        }
        channels.put(now, v);
        List<Blob> moved = new ArrayList<>();
        for (Blob b : blobs.getOrDefault(old, List.of())) {
            moved.add(new Blob(now, b.version(), b.base(), b.previous(), b.kind(), b.data()));
        }
        blobs.remove(old);
        blobs.put(now, moved);
        restore.add(now);
    }

    /** Drops a channel (a migration consumed it). */
    void remove(String name) {
        channels.remove(name);
        blobs.remove(name);
        restore.remove(name);
    }

    /** Sets a channel to one stored value, under the given counter and a version string of its own. */
    void replace(String name, long counter, String suffix, byte[] data) {
        String v = ChannelVersion.format(counter, suffix + "~s" + version);
        channels.put(name, new ChannelVersion(v, v, data.length, 0));
        blobs.put(name, new ArrayList<>(List.of(new Blob(name, v, v, "", Blob.Kind.SNAPSHOT, data))));
        restore.add(name);
    }

    /** The stored snapshot of a channel at its version, or {@code null} if it is empty or absent. */
    Blob snapshot(String name) {
        ChannelVersion v = channels.get(name);
        if (v == null) {
            return null;
        }
        for (Blob b : blobs.getOrDefault(name, List.of())) {
            if (b.version().equals(v.version())) {
                return b.kind() == Blob.Kind.SNAPSHOT ? b : null;
            }
        }
        return null;
    }

    /** Rewrites the JSON tree a channel stores as one snapshot, giving it a version of its own if it changed. */
    void rewrite(String name, UnaryOperator<JsonNode> change) {
        Blob b = snapshot(name);
        if (b == null) {
            return;
        }
        JsonNode before = serde.decodeTree(b.data());
        JsonNode after = change.apply(before.deepCopy());
        if (!after.equals(before)) {
            String v = b.version();
            int dot = v.indexOf('.');
            replace(name, ChannelVersion.counter(v), dot < 0 ? "" : v.substring(dot + 1), serde.encodeTree(after));
        }
    }

    private static <V> void renameKeys(Map<String, V> map, Map<String, String> renames) {
        renames.forEach((old, now) -> {
            V v = map.remove(old);
            if (v != null) {
                map.put(now, v);
            }
        });
    }

    private static JsonNode renameFields(JsonNode n, Map<String, String> renames) {
        if (!(n instanceof ObjectNode o)) {
            return n;
        }
        ObjectNode out = o.objectNode();
        for (Map.Entry<String, JsonNode> e : o.properties()) {
            out.set(renames.getOrDefault(e.getKey(), e.getKey()), e.getValue());
        }
        return out;
    }

    // ---------------------------------------------------------------- nodes

    /**
     * Renames nodes: their trigger channels ({@code branch:to:}, joins and what joins have seen), the
     * versions they have seen, the {@code Send}s to them, and the pending writes of their tasks, which
     * are stored under task ids made from the node's name and so are moved to the new name's ids.
     */
    void renameNodes(Map<String, String> renames, String namespace, int step) {
        if (renames.isEmpty()) {
            return;
        }
        renames.forEach((old, now) -> moveChannel(GraphSpec.BRANCH_PREFIX + old, GraphSpec.BRANCH_PREFIX + now));
        for (String name : List.copyOf(channels.keySet())) {
            String joined = joinName(name, renames);
            if (!joined.equals(name)) {
                moveChannel(name, joined);
                rewrite(joined, seenNames -> renameBarrier(seenNames, renames));
            }
        }
        for (Map<String, String> versions : seen.values()) {
            for (String channel : List.copyOf(versions.keySet())) {
                String renamed = triggerName(channel, renames);
                if (!renamed.equals(channel)) {
                    versions.put(renamed, versions.remove(channel));
                }
            }
        }
        renameKeys(seen, renames);
        rewrite(ReservedNames.TASKS, sends -> renameSends(sends, renames));
        int pushes = sendCount();
        writes.replaceAll(w -> renameInWrite(w, renames));
        new TaskRekeying(source.checkpoint().id(), namespace, step, pushes, serde).apply(this, renames);
    }

    private PendingWrite renameInWrite(PendingWrite w, Map<String, String> renames) {
        String channel = triggerName(w.channel(), renames);
        byte[] value = w.value();
        if (w.channel().equals(ReservedNames.TASKS)) {
            value = rewriteValue(value, send -> renameSend(send, renames));
        } else if (w.channel().startsWith(JOIN_PREFIX)) {
            value = rewriteValue(
                    value,
                    writer -> writer.isString() && renames.containsKey(writer.asString())
                            ? StringNode.valueOf(renames.get(writer.asString()))
                            : writer);
        }
        return channel.equals(w.channel()) && value == w.value()
                ? w
                : new PendingWrite(w.taskId(), w.index(), channel, value);
    }

    private byte[] rewriteValue(byte[] value, UnaryOperator<JsonNode> change) {
        try {
            JsonNode before = serde.decodeTree(value);
            JsonNode after = change.apply(before.deepCopy());
            return after.equals(before) ? value : serde.encodeTree(after);
        } catch (SerdeException e) {
            return value; // a form written before one wire form: left as it is
        }
    }

    /** The number of pending {@code Send}s, whose push tasks' ids depend on their position. */
    int sendCount() {
        Blob b = snapshot(ReservedNames.TASKS);
        return b == null ? 0 : serde.decodeTree(b.data()).size();
    }

    /** A trigger channel's name with its nodes renamed. */
    static String triggerName(String channel, Map<String, String> renames) {
        if (channel.startsWith(GraphSpec.BRANCH_PREFIX)) {
            String node = channel.substring(GraphSpec.BRANCH_PREFIX.length());
            return renames.containsKey(node) ? GraphSpec.BRANCH_PREFIX + renames.get(node) : channel;
        }
        return joinName(channel, renames);
    }

    /** {@code join:a+b:c} with its nodes renamed. */
    private static String joinName(String channel, Map<String, String> renames) {
        int to = channel.lastIndexOf(':');
        if (!channel.startsWith(JOIN_PREFIX) || to <= JOIN_PREFIX.length()) {
            return channel;
        }
        List<String> from = new ArrayList<>();
        for (String f : channel.substring(JOIN_PREFIX.length(), to).split("\\+", -1)) {
            from.add(renames.getOrDefault(f, f));
        }
        String target = channel.substring(to + 1);
        return JOIN_PREFIX + String.join("+", from) + ":" + renames.getOrDefault(target, target);
    }

    private static JsonNode renameBarrier(JsonNode seenNames, Map<String, String> renames) {
        if (seenNames instanceof ObjectNode o && o.get("names") instanceof ArrayNode names) {
            ArrayNode renamed = o.arrayNode();
            names.forEach(n -> renamed.add(
                    n.isString() ? StringNode.valueOf(renames.getOrDefault(n.asString(), n.asString())) : n));
            o.set("names", renamed);
        }
        return seenNames;
    }

    private static JsonNode renameSends(JsonNode sends, Map<String, String> renames) {
        if (sends instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                a.set(i, renameSend(a.get(i), renames));
            }
        }
        return sends;
    }

    private static JsonNode renameSend(JsonNode send, Map<String, String> renames) {
        if (send instanceof ObjectNode o && o.path("node").isString()) {
            String node = o.path("node").asString();
            if (renames.containsKey(node)) {
                o.put("node", renames.get(node));
            }
        }
        return send;
    }
}
