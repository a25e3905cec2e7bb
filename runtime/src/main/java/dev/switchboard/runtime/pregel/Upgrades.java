package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.serde.DecodeBudget;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.spi.SchemaHistory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * Reads every checkpoint as the running graph's version of its stored schema ({@code
 * @Graph(version)}): a checkpoint of an older version goes through each step to the current one,
 * the renames of channels and nodes and the {@code @Migration}s the generated {@link SchemaHistory}
 * declares (lossless type promotions need nothing: their stored values read as the new type); one
 * of a newer version is refused ({@link ErrorCode#SCHEMA_TOO_NEW}), since its values would be
 * misread. Also finds the nodes a checkpoint waits for that the graph no longer has, which a run
 * must not skip.
 */
final class Upgrades {
    private final GraphSpec spec;
    private final JsonSerde serde;
    /** Per migration (by the version it reads): the serdes of the records it takes and returns. */
    private final Map<Integer, JsonSerde[]> serdes = new ConcurrentHashMap<>();

    /**
     * A tuple as the graph reads it.
     *
     * @param tuple the tuple in the graph's version
     * @param restore the channels whose stored blobs the next checkpoint must write again
     * @param stranded the nodes the checkpoint waits for that the graph does not have, sorted
     */
    record Upgraded(CheckpointTuple tuple, Set<String> restore, List<String> stranded) {}

    Upgrades(GraphSpec spec, JsonSerde serde) {
        this.spec = spec;
        this.serde = serde;
    }

    Upgraded apply(CheckpointTuple tuple) {
        int version = tuple.checkpoint().schemaVersion();
        if (version > spec.schemaVersion) {
            throw tooNew(tuple, version);
        }
        if (version == spec.schemaVersion) {
            return new Upgraded(tuple, Set.of(), strandedTriggers(tuple.checkpoint(), blobIndex(tuple.blobs())));
        }
        TupleEdit edit = new TupleEdit(tuple, serde);
        int step = tuple.metadata().step() + 1;
        SchemaHistory history = spec.schema;
        while (version < spec.schemaVersion) {
            SchemaHistory.Migration m = history.migration(version);
            Set<String> fresh = Set.of();
            int to = version + 1;
            if (m != null) {
                fresh = migrate(edit, m);
                to = m.to();
            }
            for (int v = version; v < to; v++) {
                edit.version = v + 1;
                edit.renameChannels(history.channelRenames(v), fresh);
                edit.renameNodes(history.nodeRenames(v), tuple.namespace(), step);
            }
            version = to;
        }
        Set<String> stranded = new TreeSet<>(strandedSends(edit));
        CheckpointTuple upgraded = edit.result(spec.schemaVersion);
        stranded.addAll(strandedTriggers(upgraded.checkpoint(), blobIndex(upgraded.blobs())));
        return new Upgraded(upgraded, Set.copyOf(edit.restore), List.copyOf(stranded));
    }

    private GraphException tooNew(CheckpointTuple tuple, int version) {
        return new GraphException(
                "checkpoint " + tuple.checkpoint().id() + " of thread '" + tuple.threadId()
                        + "' was written by version "
                        + version + " of graph " + spec.name + "'s stored schema, and this code has version "
                        + spec.schemaVersion + ", which cannot read it; run it with a build of version " + version
                        + " or later (nothing was written)",
                ErrorCode.SCHEMA_TOO_NEW,
                null);
    }

    // ---------------------------------------------------------------- migrations

    /** Applies a migration; returns the channels it gave, which are already in its result's names. */
    private Set<String> migrate(TupleEdit edit, SchemaHistory.Migration m) {
        edit.version = m.to();
        JsonSerde[] s = serdes.computeIfAbsent(m.from(), k -> new JsonSerde[] {
            new JsonSerde(serde.limits(), m.readTypes(), m.readCodecs()),
            m.writesAs() == null ? serde : new JsonSerde(serde.limits(), m.writeTypes(), m.writeCodecs())
        });
        DecodeBudget budget = DecodeBudget.of(serde.limits());
        Map<String, Blob> blobs = new HashMap<>();
        edit.blobs.values().forEach(list -> list.forEach(b -> blobs.put(b.channel() + '\u0000' + b.version(), b)));
        Object[] values = new Object[m.reads().size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = read(edit, m.reads().get(i), blobs, s[0], budget);
        }
        Object[] out = m.convert().apply(i -> values[i]);
        Map<String, ChannelVersion> before = Map.copyOf(edit.channels);
        Set<String> consumed = new HashSet<>();
        m.reads().forEach(r -> consumed.add(r.name()));
        consumed.forEach(edit::remove);
        dropTasksWriting(edit, consumed);
        edit.rewrite(ReservedNames.START, input -> {
            if (input.isObject()) {
                consumed.forEach(((tools.jackson.databind.node.ObjectNode) input)::remove);
            }
            return input;
        });
        long newest = before.values().stream()
                .mapToLong(v -> ChannelVersion.counter(v.version()))
                .max()
                .orElse(1);
        for (int j = 0; j < out.length; j++) {
            String name = m.writes().get(j);
            if (out[j] == null) {
                continue;
            }
            ChannelSpec target =
                    m.writesAs() != null ? m.writesAs().get(j) : spec.channels[spec.channelIndex.get(name)];
            ChannelVersion old = before.get(name);
            String version = old == null ? ChannelVersion.format(newest, "") : old.version();
            int dot = version.indexOf('.');
            edit.replace(
                    name,
                    ChannelVersion.counter(version),
                    dot < 0 ? "" : version.substring(dot + 1),
                    target.encodeValue(s[1], out[j]));
        }
        return Set.copyOf(m.writes());
    }

    /** A channel's value in the older version, through the chain of its blobs. */
    private static Object read(
            TupleEdit edit, ChannelSpec spec, Map<String, Blob> blobs, JsonSerde serde, DecodeBudget budget) {
        ChannelVersion v = edit.channels.get(spec.name());
        if (v == null) {
            return null;
        }
        List<Blob> chain = StoredChannels.chain(spec.name(), v, blobs);
        Channel channel = spec.create();
        if (chain.get(0).kind() == Blob.Kind.SNAPSHOT) {
            channel.restore(spec.decodeValue(serde, chain.get(0).data(), budget));
        }
        for (int i = 1; i < chain.size(); i++) {
            channel.update(serde.decodeArray(spec.writeType(), chain.get(i).data(), budget));
        }
        return channel.isAvailable() ? channel.get() : null;
    }

    /**
     * The tasks that wrote a channel a migration converted made those writes from the older state,
     * so all their writes go and they run again, on the converted state.
     */
    private static void dropTasksWriting(TupleEdit edit, Set<String> channels) {
        Set<String> tasks = new HashSet<>();
        for (PendingWrite w : edit.writes) {
            if (channels.contains(w.channel())) {
                tasks.add(w.taskId());
            }
        }
        edit.writes.removeIf(w -> tasks.contains(w.taskId()));
    }

    // ---------------------------------------------------------------- removed nodes

    private static Map<String, Blob> blobIndex(List<Blob> blobs) {
        Map<String, Blob> out = new HashMap<>();
        for (Blob b : blobs) {
            out.put(b.channel() + '\u0000' + b.version(), b);
        }
        return out;
    }

    /**
     * The nodes a trigger channel holds a value for (a branch to the node, or a join into it) that
     * the node has not seen, and that the graph no longer has.
     */
    private List<String> strandedTriggers(Checkpoint checkpoint, Map<String, Blob> blobs) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, ChannelVersion> e : checkpoint.channels().entrySet()) {
            String node = triggered(e.getKey());
            if (node == null || spec.nodeIndex.containsKey(node)) {
                continue;
            }
            Blob b = blobs.get(e.getKey() + '\u0000' + e.getValue().version());
            String seen = checkpoint.versionsSeen().getOrDefault(node, Map.of()).get(e.getKey());
            long seenCounter = seen == null ? 0 : ChannelVersion.counter(seen);
            if (b != null
                    && b.kind() == Blob.Kind.SNAPSHOT
                    && ChannelVersion.counter(e.getValue().version()) > seenCounter) {
                out.add(node);
            }
        }
        return out;
    }

    /** The node a trigger channel starts, or {@code null} for other channels. */
    private static String triggered(String channel) {
        if (channel.startsWith(GraphSpec.BRANCH_PREFIX)) {
            return channel.substring(GraphSpec.BRANCH_PREFIX.length());
        }
        int to = channel.lastIndexOf(':');
        return channel.startsWith("join:") && to > "join:".length() ? channel.substring(to + 1) : null;
    }

    /**
     * The targets of pending {@code Send}s the graph no longer has; those sends are left out of the
     * value read, so that the state can still be read (and updated, which drops them), while a run
     * fails naming them.
     */
    private Set<String> strandedSends(TupleEdit edit) {
        Set<String> out = new TreeSet<>();
        edit.rewrite(ReservedNames.TASKS, sends -> {
            if (sends instanceof ArrayNode a) {
                for (int i = a.size() - 1; i >= 0; i--) {
                    JsonNode node = a.get(i).path("node");
                    if (node.isString() && !spec.nodeIndex.containsKey(node.asString())) {
                        out.add(node.asString());
                        a.remove(i);
                    }
                }
            }
            return sends;
        });
        return out;
    }
}
