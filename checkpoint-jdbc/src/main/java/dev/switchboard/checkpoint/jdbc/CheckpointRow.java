package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointKeys;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.serde.IsoInstant;
import dev.switchboard.runtime.serde.SerdeException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
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
 * @param seq the row's place in the order rows were stored
 * @param space the number of the row's thread and namespace
 * @param blobCounter the version counter of the values in the row, or -1 for none
 * @param values the values stored in the row ({@link RowValues}), or {@code null} for none
 */
record CheckpointRow(
        Checkpoint checkpoint,
        CheckpointMetadata metadata,
        String parentId,
        long seq,
        long space,
        long blobCounter,
        byte[] values) {
    /** The columns {@link #read} expects, of the checkpoint aliased {@code c}. */
    static final String COLUMNS = "c.checkpoint_id, c.parent_id, c.header, c.metadata, c.created_at, c.source,"
            + " c.step, c.seq, c.space, c.blob_counter, c.blobs";

    /**
     * The row's text columns joined into one (column 12 of a history on SQLite), separated by a
     * character that JSON, instants and source names never hold unescaped: SQLite's driver takes
     * about 0.1 µs per column read, and reading these four as one cut a 1,000-row read by 0.3 ms.
     */
    static final String SQLITE_TEXTS =
            "c.source || char(1) || c.created_at || char(1) || c.metadata || char(1) || c.header";

    /** The column {@link #SQLITE_TEXTS} is selected as, after {@link #COLUMNS}. */
    static final int JOINED_TEXTS = 12;

    private static final char SEPARATOR = '\u0001';

    /**
     * The text columns of the current row, read together when the query joined them, else each
     * column: also when a column held the separator, so that what is wrong is named as stored.
     */
    record Texts(String source, String createdAt, String metadata, String header) {
        static Texts read(ResultSet r, boolean joined) throws SQLException {
            String all = joined ? r.getString(JOINED_TEXTS) : null;
            if (all != null) {
                int a = all.indexOf(SEPARATOR);
                int b = a < 0 ? -1 : all.indexOf(SEPARATOR, a + 1);
                int c = b < 0 ? -1 : all.indexOf(SEPARATOR, b + 1);
                if (c >= 0 && all.indexOf(SEPARATOR, c + 1) < 0) {
                    return new Texts(
                            all.substring(0, a),
                            all.substring(a + 1, b),
                            all.substring(b + 1, c),
                            all.substring(c + 1));
                }
            }
            return new Texts(r.getString(6), r.getString(5), r.getString(4), r.getString(3));
        }
    }

    /** The sources by the name stored in the {@code source} column. */
    private static final Map<String, CheckpointMetadata.Source> SOURCES = sources();

    private static Map<String, CheckpointMetadata.Source> sources() {
        Map<String, CheckpointMetadata.Source> out = new HashMap<>();
        for (CheckpointMetadata.Source s : CheckpointMetadata.Source.values()) {
            out.put(s.wireName(), s);
        }
        return Map.copyOf(out);
    }

    /**
     * Decodes the metadata of the current row, first, so that a listing can filter before decoding
     * more. Metadata of only a source and a step is stored empty: the row's columns hold both.
     */
    static CheckpointMetadata metadata(ResultSet r, String threadId, Texts texts) throws SQLException {
        String stored = texts.metadata();
        if (stored.isEmpty()) {
            String source = texts.source();
            CheckpointMetadata.Source s = source == null ? null : SOURCES.get(source);
            if (s == null) {
                throw corrupt(StoredIds.text(r.getBytes(1)), threadId, "source", "is the unknown '" + source + "'");
            }
            // Read once: each column read through SQLite's driver costs about 0.1 µs, a tenth of a
            // history's time in all.
            long step = r.getLong(7);
            if (step != (int) step) {
                throw corrupt(StoredIds.text(r.getBytes(1)), threadId, "step", "is " + step + ", not an int");
            }
            return new CheckpointMetadata(s, (int) step, Map.of(), Map.of());
        }
        try {
            return CheckpointJson.decodeMetadata(stored);
        } catch (SerdeException e) {
            throw new SerdeException(where(StoredIds.text(r.getBytes(1)), threadId) + e.getMessage(), e);
        }
    }

    /**
     * The stored form of metadata: empty when it holds only a source and a step, which the row's
     * columns say.
     */
    static String storedMetadata(CheckpointMetadata metadata) {
        return metadata.parents().isEmpty() && metadata.extra().isEmpty() ? "" : CheckpointJson.encode(metadata);
    }

    /** Decodes the current row and checks its columns against each other. */
    static CheckpointRow read(ResultSet r, String threadId, Function<String, String> names) throws SQLException {
        Texts texts = Texts.read(r, false);
        return read(r, threadId, texts, metadata(r, threadId, texts), -1, names, new StoredIds.Texts());
    }

    /**
     * Decodes the rest of the current row, whose text columns are {@code texts} and metadata
     * {@code metadata}, its ids through {@code ids}, as {@link #read}; {@code space} is the row's
     * {@code space} when the query selected only rows of one (a history), else -1 to read it.
     */
    static CheckpointRow read(
            ResultSet r,
            String threadId,
            Texts texts,
            CheckpointMetadata metadata,
            long space,
            Function<String, String> names,
            StoredIds.Texts ids)
            throws SQLException {
        String id = ids.text(r.getBytes(1));
        Checkpoint checkpoint;
        Instant createdAt = createdAt(texts.createdAt(), id, threadId);
        try {
            checkpoint = CheckpointJson.decode(texts.header(), id, createdAt, names);
        } catch (SerdeException e) {
            throw new SerdeException(where(id, threadId) + e.getMessage(), e);
        }
        if (!checkpoint.id().equals(id)) {
            throw corrupt(id, threadId, "header", "names checkpoint " + checkpoint.id());
        }
        // Metadata stored empty was made of the source and step columns: nothing to check them against.
        checkColumns(
                r,
                id,
                threadId,
                texts,
                createdAt,
                checkpoint,
                metadata,
                texts.metadata().isEmpty());
        byte[] values = r.getBytes(11);
        return new CheckpointRow(
                checkpoint,
                metadata,
                parent(r, id, threadId, ids),
                r.getLong(8),
                space >= 0 ? space : r.getLong(9),
                values == null ? -1 : r.getLong(10),
                values);
    }

    /** The columns kept beside the documents for SQL to filter on must say what the documents say. */
    private static void checkColumns(
            ResultSet r,
            String id,
            String threadId,
            Texts texts,
            Instant createdAt,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            boolean fromColumns)
            throws SQLException {
        // Parsed once, in createdAt: parsing took a fifth of reading a long history.
        if (!createdAt.equals(checkpoint.timestamp())) {
            throw corrupt(
                    id,
                    threadId,
                    "created_at",
                    "is '" + texts.createdAt() + "' but the header's ts is " + checkpoint.timestamp());
        }
        if (fromColumns) {
            return; // metadata made of the columns says what they say
        }
        String source = texts.source();
        if (source == null || SOURCES.get(source) != metadata.source()) {
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
    private static Instant createdAt(String createdAt, String id, String threadId) {
        try {
            return IsoInstant.parse(String.valueOf(createdAt));
        } catch (DateTimeParseException e) {
            throw corrupt(id, threadId, "created_at", "is '" + createdAt + "', not an ISO-8601 instant");
        }
    }

    /**
     * The parent id, which must be a key other than the checkpoint's own. It need not be stored: a
     * run with exit durability stores only its last checkpoint, whose parent it never stored.
     */
    private static String parent(ResultSet r, String id, String threadId, StoredIds.Texts ids) throws SQLException {
        String parent = ids.text(r.getBytes(2));
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
