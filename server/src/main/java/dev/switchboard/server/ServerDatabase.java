package dev.switchboard.server;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.checkpoint.jdbc.PostgresStore;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreSettings;
import dev.switchboard.server.postgres.DriverDataSource;
import dev.switchboard.server.rows.AssistantTable;
import dev.switchboard.server.rows.CronTable;
import dev.switchboard.server.rows.JdbcRowStore;
import dev.switchboard.server.rows.RowStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * The database a server keeps its threads and runs in (and its checkpoints and store, unless it was
 * given others): a SQLite file, or a PostgreSQL database reached through a URL or an application's
 * {@link DataSource}. On PostgreSQL every part takes its connections from one data source (the
 * application's pool, or for a URL one pool the server opens, see {@link #pooled}), so a URL with a
 * password in it is never needed and a server JVM holds a bounded number of connections.
 */
final class ServerDatabase implements AutoCloseable {
    private static final String SQLITE = "jdbc:sqlite:";
    private static final String POSTGRES = "jdbc:postgresql:";

    /** The SQLite URL; null on PostgreSQL. */
    private final String sqliteUrl;
    /** The PostgreSQL URL when given one (the saver and store open their own pools on it); else null. */
    private final String postgresUrl;
    /** PostgreSQL's connections; null on SQLite. */
    private final DataSource postgres;
    /** The pool this opened for a PostgreSQL URL, closed with it; else null. */
    private final HikariDataSource pool;

    private ServerDatabase(String sqliteUrl, String postgresUrl, DataSource postgres) {
        this(sqliteUrl, postgresUrl, postgres, null);
    }

    private ServerDatabase(String sqliteUrl, String postgresUrl, DataSource postgres, HikariDataSource pool) {
        this.sqliteUrl = sqliteUrl;
        this.postgresUrl = postgresUrl;
        this.postgres = postgres;
        this.pool = pool;
    }

    /**
     * How many connections a server JVM opens at most on a PostgreSQL URL: {@code 6 +
     * min(maxRuns, 10)}. Six are held for as long as the server runs or for a moment at a time by
     * parts that are not runs (the thread and run rows, the run queue, the run events' writer and
     * reader, the LISTEN connection, the API's reads); each run under way takes one for a moment at
     * a time (a checkpoint, a Store call), and past ten runs they take turns. Idle connections
     * beyond one are closed after 30 s, so an idle JVM holds five or six.
     *
     * @param maxRuns the runs the JVM runs at once
     * @return the pool's size
     */
    static int connectionsFor(int maxRuns) {
        return 6 + Math.min(maxRuns, 10);
    }

    /**
     * This database with one pool of {@link #connectionsFor} connections for every part of the
     * server, when it is a PostgreSQL URL (the saver's and the Store's own pools would open up to 8
     * each beside the others); else this. The pool connects on first use.
     *
     * @param maxRuns the runs the JVM runs at once
     * @return the database to open the server's parts on
     */
    ServerDatabase pooled(int maxRuns) {
        if (postgresUrl == null || pool != null) {
            return this;
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(postgresUrl);
        config.setPoolName("switchboard-server");
        config.setMaximumPoolSize(connectionsFor(maxRuns));
        config.setMinimumIdle(1);
        config.setIdleTimeout(30_000);
        config.setConnectionTimeout(10_000);
        config.setInitializationFailTimeout(-1); // the first part to connect reports a failure
        HikariDataSource hikari = new HikariDataSource(config);
        return new ServerDatabase(null, postgresUrl, hikari, hikari);
    }

    /** Closes the pool this opened, if any (the parts using it are closed first). */
    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }

    /** A database named by a {@code jdbc:sqlite:} or {@code jdbc:postgresql:} URL. */
    static ServerDatabase url(String url) {
        if (url.startsWith(SQLITE)) {
            return new ServerDatabase(url, null, null);
        }
        if (url.startsWith(POSTGRES)) {
            return new ServerDatabase(null, url, new DriverDataSource(url));
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
            return new ServerDatabase(null, null, dataSource);
        }
        if (product.contains("sqlite") && url != null && url.startsWith(SQLITE)) {
            String file = url.substring(SQLITE.length());
            if (file.isEmpty() || file.contains(":memory:") || file.contains("mode=memory")) {
                throw new IllegalArgumentException("the server's DataSource is an in-memory SQLite database, which"
                        + " the server cannot share with its saver; use a SQLite file or PostgreSQL");
            }
            return new ServerDatabase(url, null, null);
        }
        throw new IllegalArgumentException(
                "the server keeps its threads and runs in PostgreSQL or SQLite; its DataSource is " + product);
    }

    /** Whether this is PostgreSQL, whose run queue several server JVMs share. */
    boolean shared() {
        return postgres != null;
    }

    /** PostgreSQL's connections (null on SQLite). */
    DataSource dataSource() {
        return postgres;
    }

    JdbcSaver openSaver() {
        if (sqliteUrl != null) {
            return SqliteSaver.file(file());
        }
        return postgresUrl != null && pool == null
                ? PostgresSaver.url(postgresUrl)
                : PostgresSaver.dataSource(postgres);
    }

    Store openStore() {
        if (sqliteUrl != null) {
            return SqliteStore.file(file());
        }
        return postgresUrl != null && pool == null
                ? PostgresStore.url(postgresUrl)
                : PostgresStore.dataSource(postgres, StoreSettings.DEFAULTS);
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
        return postgresUrl != null ? "PostgreSQL " + postgresUrl.split("\\?")[0] : "PostgreSQL (" + postgres + ")";
    }
}
