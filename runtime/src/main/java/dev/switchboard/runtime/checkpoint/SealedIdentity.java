package dev.switchboard.runtime.checkpoint;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The associated data {@link EncryptedSaver} authenticates: for a blob, its whole row (thread,
 * namespace, channel, version, snapshot base, delta predecessor, kind); for a pending write, its
 * row; for a checkpoint, everything the saver stores in the clear (id, timestamp, each channel's
 * version, base and sizes, the versions each node has seen, its schema version, the parent id and
 * the metadata).
 *
 * <p>Canonical: maps in key order, parts length-prefixed so no two identities encode alike, and
 * metadata as it reads back from storage (an {@code Integer} is stored as a long, a {@code Float}
 * as a double), so the identity computed on write equals the one computed on read.
 */
final class SealedIdentity {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(256);

    private SealedIdentity(String kind) {
        add(kind);
    }

    static byte[] blob(String thread, String ns, Blob b) {
        return new SealedIdentity("blob2")
                .add(thread)
                .add(ns)
                .add(b.channel())
                .add(b.version())
                .add(b.base())
                .add(b.previous())
                .add(b.kind().name())
                .bytes();
    }

    static byte[] write(String thread, String ns, String checkpointId, PendingWrite w) {
        return new SealedIdentity("write2")
                .add(thread)
                .add(ns)
                .add(checkpointId)
                .add(w.taskId())
                .add(Integer.toString(w.index()))
                .add(w.channel())
                .bytes();
    }

    static byte[] checkpoint(String thread, String ns, Checkpoint cp, String parentId, CheckpointMetadata metadata) {
        SealedIdentity id = new SealedIdentity("checkpoint2")
                .add(thread)
                .add(ns)
                .add(Integer.toString(cp.formatVersion()))
                .add(cp.id())
                .add(cp.timestamp().toString())
                .add(parentId == null ? "-" : "+" + parentId);
        new TreeMap<>(cp.channels())
                .forEach((name, v) -> id.add(name)
                        .add(v.version())
                        .add(v.base())
                        .add(Long.toString(v.baseBytes()))
                        .add(Long.toString(v.chainBytes())));
        id.add("seen");
        new TreeMap<>(cp.versionsSeen()).forEach((node, versions) -> {
            id.add(node).add(Integer.toString(versions.size()));
            new TreeMap<>(versions)
                    .forEach((channel, version) -> id.add(channel).add(version));
        });
        if (cp.schemaVersion() != 1) {
            // Sealed too, so that a stored checkpoint cannot be passed off as another version's and
            // converted; version 1 adds nothing, so checkpoints sealed before versions existed verify.
            id.add("schema").add(Integer.toString(cp.schemaVersion()));
        }
        return id.metadata(metadata).bytes();
    }

    /** The metadata as storage gives it back, so a number's Java type does not change the identity. */
    private SealedIdentity metadata(CheckpointMetadata metadata) {
        CheckpointMetadata stored = CheckpointJson.decodeMetadata(CheckpointJson.encode(metadata));
        add("metadata").add(stored.source().wireName()).add(Integer.toString(stored.step()));
        add("parents").add(Integer.toString(stored.parents().size()));
        new TreeMap<>(stored.parents()).forEach((ns, id) -> add(ns).add(id));
        add("extra").add(Integer.toString(stored.extra().size()));
        for (Map.Entry<String, Object> e : new TreeMap<>(stored.extra()).entrySet()) {
            Object v = e.getValue();
            String type = v instanceof Long
                    ? "long"
                    : v instanceof Double ? "double" : v instanceof Boolean ? "bool" : "text";
            add(e.getKey()).add(type).add(String.valueOf(v));
        }
        return this;
    }

    private SealedIdentity add(String part) {
        byte[] b = part.getBytes(StandardCharsets.UTF_8);
        out.writeBytes(ByteBuffer.allocate(4).putInt(b.length).array());
        out.writeBytes(b);
        return this;
    }

    private byte[] bytes() {
        return out.toByteArray();
    }
}
