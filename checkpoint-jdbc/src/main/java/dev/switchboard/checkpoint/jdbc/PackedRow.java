package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code packed} column of a checkpoint row (schema version 8): everything a read decodes of
 * the row but its values, in one binary field, so that a history reads one column per checkpoint
 * beside its row number and values instead of ten (SQLite's driver takes about 0.1 µs per column
 * read, and a 1,000-step history read 19,000 of them), and the pending writes of the step that made
 * the checkpoint, which belong to its parent, instead of a row of {@code switchboard_writes} each.
 *
 * <p>Layout (big-endian): format byte {@value #FORMAT}; checkpoint id and parent id (UTF-8, length
 * -1 for no parent: a string made of them is a copy, where the 16 bytes of a UUID took a tenth of a
 * history read to format); the creation time as seconds and nanoseconds; the
 * metadata's source (ordinal) and step; the header and the stored metadata (UTF-8, as the {@code
 * header} and {@code metadata} columns held them); then the step's writes: their count, and each
 * its task id (UTF-8), index, channel number and value.
 *
 * <p>The columns {@code checkpoint_id}, {@code parent_id}, {@code source}, {@code step}, {@code
 * created_at} and {@code schema_version} are still written for SQL to find and filter rows by
 * (the queue's claim reads {@code schema_version}); {@code header} and {@code metadata} are
 * written empty. Rows stored before version 8 have no packed column and read as before.
 *
 * @param id the checkpoint id
 * @param parentId the parent checkpoint id, or {@code null}
 * @param createdAt when the checkpoint was made
 * @param source the metadata's source, by ordinal
 * @param step the metadata's step
 * @param header the encoded header
 * @param metadata the stored metadata ({@link CheckpointRow#storedMetadata})
 * @param writes the writes of the step that made the checkpoint, stored against its parent
 */
record PackedRow(
        String id,
        String parentId,
        Instant createdAt,
        int source,
        int step,
        String header,
        String metadata,
        List<Write> writes) {
    private static final int FORMAT = 1;

    /**
     * A pending write as stored, its channel by number.
     *
     * @param taskId the task id
     * @param index the write's index
     * @param channel the channel number ({@link ChannelIds})
     * @param value the value's bytes
     */
    record Write(String taskId, int index, long channel, byte[] value) {}

    /**
     * The writes of a step with their channels' numbers, as storing them one by one would keep them
     * (the {@code ON CONFLICT} of {@code switchboard_writes}): of two writes of one task and index,
     * the first stays, unless the index is negative (an error, pause or resume value), where the
     * later replaces it in place. A read then needs no such check unless the checkpoint has writes
     * of {@code putWrites} too.
     */
    static List<Write> writes(List<PendingWrite> writes, Map<String, Long> channels) {
        List<Write> out = new ArrayList<>(writes.size());
        for (PendingWrite w : writes) {
            Write write = new Write(w.taskId(), w.index(), channels.get(w.channel()), w.value());
            int there = -1;
            for (int i = 0; i < out.size() && there < 0; i++) {
                Write o = out.get(i);
                if (o.index() == w.index() && o.taskId().equals(w.taskId())) {
                    there = i;
                }
            }
            if (there < 0) {
                out.add(write);
            } else if (w.index() < 0) {
                out.set(there, write);
            }
        }
        return out;
    }

    /** The column's bytes. */
    byte[] encode() {
        byte[] idBytes = id.getBytes(StandardCharsets.UTF_8);
        byte[] parentBytes = parentId == null ? null : parentId.getBytes(StandardCharsets.UTF_8);
        byte[] headerBytes = header.getBytes(StandardCharsets.UTF_8);
        byte[] metaBytes = metadata.getBytes(StandardCharsets.UTF_8);
        List<byte[]> tasks = new ArrayList<>(writes.size());
        int size = 1
                + 4
                + idBytes.length
                + 4
                + (parentBytes == null ? 0 : parentBytes.length)
                + 8
                + 4
                + 4
                + 4
                + 4
                + headerBytes.length
                + 4
                + metaBytes.length
                + 4;
        for (Write w : writes) {
            byte[] task = w.taskId().getBytes(StandardCharsets.UTF_8);
            tasks.add(task);
            size += 4 + task.length + 4 + 8 + 4 + (w.value() == null ? 0 : w.value().length);
        }
        ByteBuffer b = ByteBuffer.allocate(size);
        b.put((byte) FORMAT);
        bytes(b, idBytes);
        bytes(b, parentBytes);
        b.putLong(createdAt.getEpochSecond());
        b.putInt(createdAt.getNano());
        b.putInt(source);
        b.putInt(step);
        bytes(b, headerBytes);
        bytes(b, metaBytes);
        b.putInt(writes.size());
        for (int i = 0; i < writes.size(); i++) {
            Write w = writes.get(i);
            bytes(b, tasks.get(i));
            b.putInt(w.index());
            b.putLong(w.channel());
            bytes(b, w.value());
        }
        return b.array();
    }

    /**
     * Decodes a column's bytes.
     *
     * @throws IllegalArgumentException if the bytes are not a packed row of a known format
     */
    static PackedRow decode(byte[] packed) {
        ByteBuffer b = ByteBuffer.wrap(packed);
        try {
            int format = b.get();
            if (format != FORMAT) {
                throw new IllegalArgumentException("the packed row has the unknown format " + format);
            }
            String id = text(b);
            String parent = text(b);
            Instant createdAt = Instant.ofEpochSecond(b.getLong(), b.getInt());
            int source = b.getInt();
            int step = b.getInt();
            String header = text(b);
            String metadata = text(b);
            if (id == null || header == null || metadata == null) {
                throw new IllegalArgumentException("the packed row lacks its id, header or metadata");
            }
            int n = b.getInt();
            if (n < 0 || n > b.remaining()) {
                throw new IllegalArgumentException("the packed row claims " + n + " writes");
            }
            List<Write> writes = n == 0 ? List.of() : new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String task = text(b);
                if (task == null) {
                    throw new IllegalArgumentException("a write of the packed row lacks its task id");
                }
                writes.add(new Write(task, b.getInt(), b.getLong(), bytes(b)));
            }
            if (b.hasRemaining()) {
                throw new IllegalArgumentException("the packed row has " + b.remaining() + " bytes after its end");
            }
            return new PackedRow(id, parent, createdAt, source, step, header, metadata, writes);
        } catch (java.nio.BufferUnderflowException | java.time.DateTimeException | IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("the packed row is truncated or malformed", e);
        }
    }

    private static void bytes(ByteBuffer b, byte[] bytes) {
        if (bytes == null) {
            b.putInt(-1);
        } else {
            b.putInt(bytes.length);
            b.put(bytes);
        }
    }

    private static byte[] bytes(ByteBuffer b) {
        int n = b.getInt();
        if (n < 0) {
            return null;
        }
        if (n > b.remaining()) {
            throw new IllegalArgumentException("the packed row is truncated");
        }
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }

    /** A string of the buffer, or {@code null} for length -1. */
    private static String text(ByteBuffer b) {
        int n = b.getInt();
        if (n == -1) {
            return null;
        }
        if (n < 0 || n > b.remaining()) {
            throw new IllegalArgumentException("the packed row is truncated");
        }
        String s = new String(b.array(), b.position(), n, StandardCharsets.UTF_8);
        b.position(b.position() + n);
        return s;
    }
}
