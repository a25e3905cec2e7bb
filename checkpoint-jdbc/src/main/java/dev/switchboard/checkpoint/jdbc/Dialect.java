package dev.switchboard.checkpoint.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The few places where SQLite and PostgreSQL differ: column types, how rows are numbered in
 * insertion order, how a schema migration is serialized, and how a read locks the head. Everything
 * else ({@code INSERT ... ON CONFLICT DO NOTHING}, the queries) is SQL both accept.
 */
enum Dialect {
    SQLITE(
            "org.xerial:sqlite-jdbc",
            "BLOB",
            "seq INTEGER PRIMARY KEY AUTOINCREMENT",
            "",
            "rowid",
            "",
            "",
            "CAST(strftime('%s', 'now') AS INTEGER) * 1000") {
        @Override
        void lockSchema(Connection c) {
            // The migration runs in a BEGIN IMMEDIATE transaction, which already excludes every
            // other writer of the file.
        }
    },
    POSTGRES(
            "org.postgresql:postgresql",
            "BYTEA",
            "seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
            "seq BIGINT GENERATED ALWAYS AS IDENTITY, ",
            "seq",
            " FOR SHARE",
            " FOR UPDATE",
            "CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)") {
        @Override
        void lockSchema(Connection c) throws SQLException {
            // Transactional DDL plus an advisory lock: JVMs opening the same database at once
            // migrate it one after the other, and the later ones find it migrated.
            try (PreparedStatement s = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                s.setLong(1, SCHEMA_LOCK);
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                }
            }
        }

        @Override
        boolean writableCte() {
            return true;
        }

        @Override
        boolean joinsWritesToHistory() {
            return false;
        }
    };

    /**
     * Whether a {@code WITH} clause may hold an {@code UPDATE}, so that a checkpoint's head
     * compare-and-set and its insert go to the server as one statement, one round trip.
     */
    boolean writableCte() {
        return false;
    }

    /**
     * Whether a listing reads its checkpoints' pending writes joined to the history query (one
     * statement). PostgreSQL reads them without a join instead (all of the namespace's for a whole
     * history, else by checkpoint ids): on tables it has not analyzed
     * yet it guesses one checkpoint row for a thread and plans that join as a loop over a scan of
     * all the thread's writes per checkpoint (280 ms instead of 11 for a 1,000-step thread, until
     * autovacuum analyzes the tables).
     */
    boolean joinsWritesToHistory() {
        return true;
    }

    /**
     * The UTF-8 bytes of a text column's value, in SQL: SQLite's {@code length} counts characters
     * of text, so the text is cast to the bytes it is stored as.
     */
    String textBytes(String column) {
        return this == SQLITE ? "LENGTH(CAST(" + column + " AS BLOB))" : "OCTET_LENGTH(" + column + ")";
    }

    /** The advisory lock key that serializes migrations ("SWBSCHEM" in ASCII). */
    private static final long SCHEMA_LOCK = 0x535742534348454DL;

    private final String driver;
    private final String blobType;
    private final String checkpointSeq;
    private final String writesSeq;
    /** The column that orders pending writes by insertion. */
    final String writesOrder;
    /** Appended to the head query of putWrites so that a concurrent put waits for it. */
    final String lockHeadForShare;
    /**
     * Appended to a read of rows the transaction will change, so that concurrent writers queue
     * (SQLite's write transactions already exclude each other).
     */
    final String lockForUpdate;
    /** The current time in epoch milliseconds, in SQL: what a migration stamps existing threads with. */
    private final String nowMillis;

    Dialect(
            String driver,
            String blobType,
            String checkpointSeq,
            String writesSeq,
            String writesOrder,
            String lockHeadForShare,
            String lockForUpdate,
            String nowMillis) {
        this.driver = driver;
        this.blobType = blobType;
        this.checkpointSeq = checkpointSeq;
        this.writesSeq = writesSeq;
        this.writesOrder = writesOrder;
        this.lockHeadForShare = lockHeadForShare;
        this.lockForUpdate = lockForUpdate;
        this.nowMillis = nowMillis;
    }

    /** A hint to add the driver, when the failure is that it is missing; otherwise empty. */
    String driverHint(SQLException e) {
        return e.getMessage() != null && e.getMessage().startsWith("No suitable driver")
                ? "; add " + driver + " to the classpath"
                : "";
    }

    /** Serializes schema migrations with other processes, inside the migration's transaction. */
    abstract void lockSchema(Connection c) throws SQLException;

    /**
     * The migrations: element {@code i} takes the schema from version {@code i} to {@code i + 1}.
     * Append new migrations; never change a released one.
     */
    List<List<String>> migrations() {
        return List.of(initialSchema(), threads(), names(), schemaVersions());
    }

    /**
     * Version 4: each checkpoint's stored-schema version ({@code @Graph(version)}, also in its
     * header), as a column, so that a run queue can tell in SQL which threads a worker's version of
     * a graph can read. Checkpoints stored before have version 1, as their headers say.
     */
    private static List<String> schemaVersions() {
        return List.of("ALTER TABLE switchboard_checkpoints ADD COLUMN schema_version INTEGER NOT NULL DEFAULT 1");
    }

    /**
     * Version 2: thread metadata and last activity, for listing threads and their TTL. Threads
     * stored before count as active at the migration, so a TTL sweeper does not delete them at once.
     */
    private List<String> threads() {
        return List.of(
                "CREATE TABLE switchboard_threads ("
                        + "thread_id TEXT NOT NULL PRIMARY KEY, "
                        + "metadata TEXT NOT NULL, "
                        + "created_at BIGINT NOT NULL, "
                        + "updated_at BIGINT NOT NULL)",
                "CREATE INDEX switchboard_threads_updated ON switchboard_threads (updated_at)",
                "INSERT INTO switchboard_threads (thread_id, metadata, created_at, updated_at)"
                        + " SELECT DISTINCT thread_id, '{}', " + nowMillis + ", " + nowMillis
                        + " FROM switchboard_heads");
    }

    /**
     * Version 3: the dictionaries of names that compact (format 2) checkpoint headers refer to,
     * content-addressed and shared by every thread.
     */
    private static List<String> names() {
        return List.of("CREATE TABLE switchboard_names (id TEXT PRIMARY KEY, names TEXT NOT NULL)");
    }

    private List<String> initialSchema() {
        return List.of(
                "CREATE TABLE switchboard_checkpoints ("
                        + checkpointSeq + ", "
                        + "thread_id TEXT NOT NULL, "
                        + "namespace TEXT NOT NULL, "
                        + "checkpoint_id TEXT NOT NULL, "
                        + "parent_id TEXT, "
                        + "created_at TEXT NOT NULL, "
                        + "source TEXT NOT NULL, "
                        + "step INTEGER NOT NULL, "
                        + "header TEXT NOT NULL, "
                        + "metadata TEXT NOT NULL, "
                        + "UNIQUE (thread_id, namespace, checkpoint_id))",
                "CREATE INDEX switchboard_checkpoints_history"
                        + " ON switchboard_checkpoints (thread_id, namespace, seq)",
                "CREATE TABLE switchboard_blobs ("
                        + "thread_id TEXT NOT NULL, "
                        + "namespace TEXT NOT NULL, "
                        + "channel TEXT NOT NULL, "
                        + "version TEXT NOT NULL, "
                        + "base TEXT NOT NULL, "
                        + "previous TEXT NOT NULL, "
                        + "kind TEXT NOT NULL, "
                        + "data " + blobType + " NOT NULL, "
                        + "PRIMARY KEY (thread_id, namespace, channel, version))",
                "CREATE INDEX switchboard_blobs_chain ON switchboard_blobs (thread_id, namespace, channel, base)",
                "CREATE TABLE switchboard_writes ("
                        + writesSeq
                        + "thread_id TEXT NOT NULL, "
                        + "namespace TEXT NOT NULL, "
                        + "checkpoint_id TEXT NOT NULL, "
                        + "task_id TEXT NOT NULL, "
                        + "idx INTEGER NOT NULL, "
                        + "channel TEXT NOT NULL, "
                        + "value " + blobType + " NOT NULL, "
                        + "PRIMARY KEY (thread_id, namespace, checkpoint_id, task_id, idx), "
                        + "FOREIGN KEY (thread_id, namespace, checkpoint_id)"
                        + " REFERENCES switchboard_checkpoints (thread_id, namespace, checkpoint_id)"
                        + " ON DELETE CASCADE)",
                "CREATE TABLE switchboard_heads ("
                        + "thread_id TEXT NOT NULL, "
                        + "namespace TEXT NOT NULL, "
                        + "checkpoint_id TEXT NOT NULL, "
                        + "PRIMARY KEY (thread_id, namespace), "
                        + "FOREIGN KEY (thread_id, namespace, checkpoint_id)"
                        + " REFERENCES switchboard_checkpoints (thread_id, namespace, checkpoint_id)"
                        + " DEFERRABLE INITIALLY DEFERRED)");
    }
}
