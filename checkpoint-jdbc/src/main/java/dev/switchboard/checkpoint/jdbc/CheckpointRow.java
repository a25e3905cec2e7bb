package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointKeys;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.serde.SerdeException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.function.Function;

/**
 * A checkpoint row, its header and metadata decoded and checked against the row's own columns:
 * every stored field is either read back as written or fails, as a {@link SerdeException} (a
 * document that does not decode) or a {@link CheckpointStoreException} (columns that contradict
 * each other), naming the checkpoint, the thread and the field.
 *
 * @param checkpoint the header
 * @param metadata the metadata
 * @param parentId the parent checkpoint id, or {@code null}
 */
record CheckpointRow(Checkpoint checkpoint, CheckpointMetadata metadata, String parentId) {
    /** The columns {@link #read} expects, of the checkpoint aliased {@code c}. */
    static final String COLUMNS = "c.checkpoint_id, c.parent_id, c.header, c.metadata, c.created_at, c.source, c.step";

    /** Decodes the metadata of the current row, first, so that a listing can filter before decoding more. */
    static CheckpointMetadata metadata(ResultSet r, String threadId) throws SQLException {
        try {
            return CheckpointJson.decodeMetadata(r.getString(4));
        } catch (SerdeException e) {
            throw new SerdeException(where(r.getString(1), threadId) + e.getMessage(), e);
        }
    }

    /** Decodes the rest of the current row and checks its columns against each other. */
    static CheckpointRow read(ResultSet r, String threadId, CheckpointMetadata metadata, Function<String, String> names)
            throws SQLException {
        String id = r.getString(1);
        Checkpoint checkpoint;
        Instant createdAt = createdAt(r, id, threadId);
        try {
            checkpoint = CheckpointJson.decode(r.getString(3), id, createdAt, names);
        } catch (SerdeException e) {
            throw new SerdeException(where(id, threadId) + e.getMessage(), e);
        }
        if (!checkpoint.id().equals(id)) {
            throw corrupt(id, threadId, "header", "names checkpoint " + checkpoint.id());
        }
        checkColumns(r, id, threadId, createdAt, checkpoint, metadata);
        return new CheckpointRow(checkpoint, metadata, parent(r, id, threadId));
    }

    /** The columns kept beside the documents for SQL to filter on must say what the documents say. */
    private static void checkColumns(
            ResultSet r,
            String id,
            String threadId,
            Instant createdAt,
            Checkpoint checkpoint,
            CheckpointMetadata metadata)
            throws SQLException {
        // Parsed once, in createdAt: parsing took a fifth of reading a long history.
        if (!createdAt.equals(checkpoint.timestamp())) {
            throw corrupt(
                    id,
                    threadId,
                    "created_at",
                    "is '" + r.getString(5) + "' but the header's ts is " + checkpoint.timestamp());
        }
        String source = r.getString(6);
        if (!metadata.source().wireName().equals(source)) {
            throw corrupt(
                    id,
                    threadId,
                    "source",
                    "is '" + source + "' but the metadata's source is "
                            + metadata.source().wireName());
        }
        long step = r.getLong(7);
        if (step != metadata.step()) {
            throw corrupt(id, threadId, "step", "is " + step + " but the metadata's step is " + metadata.step());
        }
    }

    /** The row's creation time, which a compact header does not repeat. */
    private static Instant createdAt(ResultSet r, String id, String threadId) throws SQLException {
        String createdAt = r.getString(5);
        try {
            return Instant.parse(String.valueOf(createdAt));
        } catch (DateTimeParseException e) {
            throw corrupt(id, threadId, "created_at", "is '" + createdAt + "', not an ISO-8601 instant");
        }
    }

    /**
     * The parent id, which must be a key other than the checkpoint's own. It need not be stored: a
     * run with exit durability stores only its last checkpoint, whose parent it never stored.
     */
    private static String parent(ResultSet r, String id, String threadId) throws SQLException {
        String parent = r.getString(2);
        if (parent == null) {
            return null;
        }
        try {
            CheckpointKeys.check("parent checkpoint id", parent);
        } catch (IllegalArgumentException e) {
            throw corrupt(id, threadId, "parent_id", "is not a valid key: " + e.getMessage());
        }
        if (parent.equals(id)) {
            throw corrupt(id, threadId, "parent_id", "names the checkpoint itself");
        }
        return parent;
    }

    private static String where(String id, String threadId) {
        return "checkpoint " + id + " of thread '" + threadId + "': ";
    }

    private static CheckpointStoreException corrupt(String id, String threadId, String column, String problem) {
        return new CheckpointStoreException(
                where(id, threadId) + "the stored " + column + " " + problem + "; the store was modified or damaged",
                null);
    }
}
