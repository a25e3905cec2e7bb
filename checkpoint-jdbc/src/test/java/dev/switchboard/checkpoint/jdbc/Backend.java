package dev.switchboard.checkpoint.jdbc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A database kind for tests that run on both: SQLite (a file per store in a temporary directory)
 * or PostgreSQL (a schema per store, dropped on close; skipped without a configured database).
 * A "store" is one independent database: a file, or a schema.
 */
final class Backend implements AutoCloseable {
    final String kind;
    private final Path dir;
    private final Map<String, Postgres> schemas = new LinkedHashMap<>();
    private boolean noCommitFlush;

    private Backend(String kind, Path dir) {
        this.kind = kind;
        this.dir = dir;
    }

    /**
     * @param kind {@code sqlite} or {@code postgres}
     * @param dir where SQLite files go
     */
    static Backend of(String kind, Path dir) {
        if (kind.equals("postgres")) {
            Postgres.baseUrl(); // skips (or fails, under CI) right away without a database
        } else if (!kind.equals("sqlite")) {
            throw new IllegalArgumentException(kind);
        }
        return new Backend(kind, dir);
    }

    /**
     * For tests that check results, not timings, over thousands of commits: PostgreSQL sessions
     * then commit without waiting for the WAL flush ({@code synchronous_commit=off}), which changes
     * durability on a crash and nothing else.
     */
    Backend withoutCommitFlush() {
        noCommitFlush = true;
        return this;
    }

    private String url(String store) throws SQLException {
        String url = schema(store).url;
        return noCommitFlush ? url + "&options=-c%20synchronous_commit%3Doff" : url;
    }

    boolean postgres() {
        return kind.equals("postgres");
    }

    Path file(String store) {
        return dir.resolve(store + ".db");
    }

    private Postgres schema(String store) throws SQLException {
        Postgres pg = schemas.get(store);
        if (pg == null) {
            pg = Postgres.schema();
            schemas.put(store, pg);
        }
        return pg;
    }

    /** Where the store is, for a saver opened in another JVM: the SQLite file, or the PostgreSQL URL. */
    String location(String store) throws SQLException {
        return postgres() ? url(store) : file(store).toString();
    }

    /** A saver on a store of {@code kind} at {@link #location}, as another JVM opens it. */
    static JdbcSaver openAt(String kind, String location) {
        return kind.equals("postgres") ? PostgresSaver.url(location) : SqliteSaver.file(Path.of(location));
    }

    /** A saver on the store, through the public factory. */
    JdbcSaver open(String store) throws SQLException {
        return postgres() ? PostgresSaver.url(url(store)) : SqliteSaver.file(file(store));
    }

    /** A saver on the store that counts the SQL statements it asks its transactions for. */
    JdbcSaver openCounting(String store, AtomicLong statements) throws SQLException {
        return openRecording(store, sql -> statements.incrementAndGet());
    }

    /** A saver on the store that hands {@code statements} the SQL it asks its transactions for. */
    JdbcSaver openRecording(String store, Consumer<String> statements) throws SQLException {
        Connections inner;
        Dialect dialect;
        if (postgres()) {
            String url = url(store);
            inner = new PooledConnections(() -> DriverManager.getConnection(url), "test " + store, 4);
            dialect = Dialect.POSTGRES;
        } else {
            inner = new SqliteConnections(file(store));
            dialect = Dialect.SQLITE;
        }
        return new JdbcSaver(dialect, recording(inner, statements));
    }

    /** A direct connection to the store, for SQL the tests run themselves. */
    Connection connect(String store) throws SQLException {
        return postgres() ? schema(store).connect() : DriverManager.getConnection("jdbc:sqlite:" + file(store));
    }

    /**
     * Creates the store's tables as schema version {@code version} had them (the first migrations
     * only), for tests that write rows of that version and let a saver migrate them.
     */
    void createAtVersion(String store, int version) throws SQLException {
        Dialect dialect = postgres() ? Dialect.POSTGRES : Dialect.SQLITE;
        try (Connection c = connect(store)) {
            c.setAutoCommit(false);
            try (java.sql.Statement s = c.createStatement()) {
                s.execute("CREATE TABLE switchboard_schema (version INTEGER NOT NULL)");
            }
            for (int v = 0; v < version; v++) {
                dialect.migrations().get(v).apply(c, dialect);
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO switchboard_schema (version) VALUES (?)")) {
                p.setInt(1, version);
                p.executeUpdate();
            }
            c.commit();
        }
    }

    /** Bytes a thread's rows hold, summed over every column by the database. */
    long rowBytes(String store, String threadId) throws SQLException {
        try (Connection c = connect(store)) {
            return Sql.bytesOf(c, threadId, postgres());
        }
    }

    /**
     * What the store takes on disk: the SQLite file after a WAL checkpoint, or the total relation
     * size (tables, indexes, TOAST) of the saver's PostgreSQL tables.
     */
    long diskBytes(String store) throws Exception {
        try (Connection c = connect(store)) {
            if (postgres()) {
                long n = 0;
                for (String table : Sql.TABLES) {
                    n += Sql.longValue(c, "SELECT pg_total_relation_size(?::regclass)", table);
                }
                return n;
            }
            try (var s = c.createStatement()) {
                s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
        }
        return Files.size(file(store));
    }

    @Override
    public void close() throws SQLException {
        for (Postgres pg : schemas.values()) {
            pg.close();
        }
    }

    static Connections recording(Connections inner, Consumer<String> statements) {
        return new Connections() {
            @Override
            public Lease lease(boolean write) throws SQLException {
                Lease lease = inner.lease(write);
                return new Lease() {
                    @Override
                    public Connection connection() {
                        return lease.connection();
                    }

                    @Override
                    public PreparedStatement prepare(String sql) throws SQLException {
                        statements.accept(sql);
                        return lease.prepare(sql);
                    }

                    @Override
                    public void commit() throws SQLException {
                        lease.commit();
                    }

                    @Override
                    public void close() {
                        lease.close();
                    }
                };
            }

            @Override
            public String describe() {
                return inner.describe();
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }
}
