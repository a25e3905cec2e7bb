package dev.switchboard.server;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.checkpoint.jdbc.PostgresStore;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreSettings;
import dev.switchboard.server.rows.AssistantTable;
import dev.switchboard.server.rows.CronTable;
import dev.switchboard.server.rows.JdbcRowStore;
import dev.switchboard.server.rows.RowStore;
import dev.switchboard.server.rows.WebhookTable;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * The database a server keeps its threads and runs in (and its checkpoints and store, unless it was
 * given others): a SQLite file, or a PostgreSQL database reached through a URL or an application's
 * {@link DataSource}. On PostgreSQL every part of the server (saver, Store, thread and run rows,
 * assistants and crons, run queue and events) borrows its connections from one {@link
 * ConnectionPool} for one transaction at a time: for a URL a pool of {@link #poolSize} connections
 * the server opens, for an application's data source that data source itself (never a second pool
 * around it). The queue's worker keeps one more connection, outside the pool, to LISTEN and renew
 * its leases on. A URL with a password in it is never needed.
 */
final class ServerDatabase implements AutoCloseable {
    private static final String SQLITE = "jdbc:sqlite:";
    private static final String POSTGRES = "jdbc:postgresql:";

    /** The SQLite URL; null on PostgreSQL. */
    private final String sqliteUrl;
    /** How long a part of the server waits for a free connection of its own pool before failing. */
    static final Duration POOL_WAIT = Duration.ofSeconds(30);

    /** PostgreSQL's connections; null on SQLite. */
    private final ConnectionPool postgres;
    /** Whether the server opened {@link #postgres} (on a URL), and so closes it. */
    private final boolean ownPool;
    /** A direct URL for the queue worker's own connection, past a transaction-mode pooler; or null. */
    private final String listenerUrl;

    private ServerDatabase(String sqliteUrl, ConnectionPool postgres, boolean ownPool, String listenerUrl) {
        this.sqliteUrl = sqliteUrl;
        this.postgres = postgres;
        this.ownPool = ownPool;
        this.listenerUrl = listenerUrl;
    }

    /**
     * This PostgreSQL database with the queue worker's own connection opened on another URL, one
     * that reaches the database directly while the pool goes through a pooler in transaction mode
     * (PgBouncer), on whose connections the pool then sets no session state.
     */
    ServerDatabase listener(String url) {
        return new ServerDatabase(null, postgres.transactionPooled(), ownPool, url);
    }

    /**
     * A new connection outside the pool, which the caller keeps and closes (the queue worker's, to
     * LISTEN and renew leases on): on the listener URL when one is given, else from the pool's
     * source.
     */
    Connection dedicated() throws SQLException {
        return listenerUrl == null ? postgres.dedicated() : DriverManager.getConnection(listenerUrl);
    }

    /**
     * The connections of the pool a server JVM opens on a PostgreSQL URL: {@code 3 + ceil(maxRuns
     * / 4)}, so 7 for the default 16 runs. A run holds a connection only while it commits (a
     * checkpoint, pending writes, a Store call, a queue change: a millisecond or so of a step), never
     * across a node, so one connection serves about four runs at once; three more serve the API's
     * reads, the queue's claims and its notices and event writes while runs commit (with two, runs
     * of 20 ms steps on 8 slots waited about 15 ms each for a connection, a fifth of their time).
     * With the worker's own LISTEN connection a JVM holds at most {@code 4 + ceil(maxRuns / 4)}
     * connections, busy and idle: 8 at {@code maxRuns = 16}.
     *
     * @param maxRuns the runs the JVM runs at once
     * @return the pool's size
     */
    static int poolSize(int maxRuns) {
        return 3 + (maxRuns + 3) / 4;
    }

    /** Checks that a URL is one the server takes (a {@code jdbc:sqlite:} or {@code jdbc:postgresql:} one). */
    static void check(String url) {
        if (!url.startsWith(SQLITE) && !url.startsWith(POSTGRES)) {
            throw new IllegalArgumentException(
                    "database must be a jdbc:sqlite: or jdbc:postgresql: URL, was " + url.split("\\?")[0]);
        }
    }

    /**
     * A database named by a {@code jdbc:sqlite:} or {@code jdbc:postgresql:} URL; on PostgreSQL
     * with a pool of {@link #poolSize}{@code (maxRuns)} connections (opened as they are needed).
     */
    static ServerDatabase url(String url, int maxRuns) {
        if (url.startsWith(SQLITE)) {
            return new ServerDatabase(url, null, false, null);
        }
        if (url.startsWith(POSTGRES)) {
            return new ServerDatabase(null, ConnectionPool.postgres(url, poolSize(maxRuns), POOL_WAIT), true, null);
        }
        throw new IllegalArgumentException(
                "database must be a jdbc:sqlite: or jdbc:postgresql: URL, was " + url.split("\\?")[0]);
    }

    /**
     * An application's data source, told PostgreSQL or SQLite by its metadata. SQLite is opened by
     * its file (the saver keeps one writer connection of its own), so it must be a file.
     */
    static ServerDatabase dataSource(DataSource dataSource) {
        String product;
        String url;
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            product = meta.getDatabaseProductName().toLowerCase(Locale.ROOT);
            url = meta.getURL();
        } catch (SQLException e) {
            throw new IllegalStateException("could not reach the server's DataSource: " + e.getMessage(), e);
        }
        if (product.contains("postgresql")) {
            return new ServerDatabase(null, ConnectionPool.dataSource(dataSource), false, null);
        }
        if (product.contains("sqlite") && url != null && url.startsWith(SQLITE)) {
            String file = url.substring(SQLITE.length());
            if (file.isEmpty() || file.contains(":memory:") || file.contains("mode=memory")) {
                throw new IllegalArgumentException("the server's DataSource is an in-memory SQLite database, which"
                        + " the server cannot share with its saver; use a SQLite file or PostgreSQL");
            }
            return new ServerDatabase(url, null, false, null);
        }
        throw new IllegalArgumentException(
                "the server keeps its threads and runs in PostgreSQL or SQLite; its DataSource is " + product);
    }

    /** Whether this is PostgreSQL, whose run queue several server JVMs share. */
    boolean shared() {
        return postgres != null;
    }

    /** PostgreSQL's connections (null on SQLite). */
    ConnectionPool pool() {
        return postgres;
    }

    JdbcSaver openSaver() {
        if (sqliteUrl != null) {
            return SqliteSaver.file(file());
        }
        return PostgresSaver.pool(postgres);
    }

    Store openStore() {
        if (sqliteUrl != null) {
            return SqliteStore.file(file());
        }
        return PostgresStore.pool(postgres, StoreSettings.DEFAULTS);
    }

    RowStore openRows(String where) {
        return sqliteUrl != null ? JdbcRowStore.open(sqliteUrl, where) : JdbcRowStore.open(postgres, where);
    }

    AssistantTable openAssistants(String where) {
        return sqliteUrl != null ? AssistantTable.open(sqliteUrl, where) : AssistantTable.open(postgres, where);
    }

    CronTable openCrons(String where) {
        return sqliteUrl != null ? CronTable.open(sqliteUrl, where) : CronTable.open(postgres, where);
    }

    WebhookTable openWebhooks(String where) {
        return sqliteUrl != null ? WebhookTable.open(sqliteUrl, where) : WebhookTable.open(postgres, where);
    }

    private Path file() {
        String rest = sqliteUrl.substring(SQLITE.length());
        if (rest.startsWith("file:")) {
            rest = rest.substring("file:".length());
        }
        int query = rest.indexOf('?');
        return Path.of(query < 0 ? rest : rest.substring(0, query));
    }

    /** The database as logs and errors name it, without credentials. */
    String describe() {
        if (sqliteUrl != null) {
            return "SQLite " + file();
        }
        return postgres.describe();
    }

    /** Closes the pool the server opened, after every part that borrows from it. */
    @Override
    public void close() {
        if (ownPool) {
            postgres.close();
        }
    }
}
