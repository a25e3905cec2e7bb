package dev.switchboard.server;

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
import dev.switchboard.server.rows.WebhookTable;
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
 * URL's, or the application's pool), so a URL with a password in it is never needed.
 */
final class ServerDatabase {
    private static final String SQLITE = "jdbc:sqlite:";
    private static final String POSTGRES = "jdbc:postgresql:";

    /** The SQLite URL; null on PostgreSQL. */
    private final String sqliteUrl;
    /** The PostgreSQL URL when given one (the saver and store open their own pools on it); else null. */
    private final String postgresUrl;
    /** PostgreSQL's connections; null on SQLite. */
    private final DataSource postgres;

    private ServerDatabase(String sqliteUrl, String postgresUrl, DataSource postgres) {
        this.sqliteUrl = sqliteUrl;
        this.postgresUrl = postgresUrl;
        this.postgres = postgres;
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
        return postgresUrl != null ? PostgresSaver.url(postgresUrl) : PostgresSaver.dataSource(postgres);
    }

    Store openStore() {
        if (sqliteUrl != null) {
            return SqliteStore.file(file());
        }
        return postgresUrl != null
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
        return postgresUrl != null ? "PostgreSQL " + postgresUrl.split("\\?")[0] : "PostgreSQL (" + postgres + ")";
    }
}
