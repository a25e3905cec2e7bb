package dev.switchboard.spring.boot;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.JdbcStore;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSchema;
import dev.switchboard.checkpoint.jdbc.PostgresStore;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import dev.switchboard.runtime.store.StoreSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;

/** Opens the JDBC saver or store that fits a data source's database, told by its metadata. */
final class JdbcSavers {
    private static final String SQLITE_PREFIX = "jdbc:sqlite:";

    private JdbcSavers() {}

    /** The database behind a data source, as its metadata names it. */
    private record Database(String product, String url) {
        boolean postgres() {
            return product != null && product.toLowerCase(Locale.ROOT).contains("postgresql");
        }

        boolean sqlite() {
            return product != null && product.toLowerCase(Locale.ROOT).contains("sqlite");
        }
    }

    static JdbcSaver fromDataSource(DataSource dataSource, String schema) {
        Database db = describe(dataSource);
        if (db.postgres()) {
            return PostgresSaver.dataSource(inSchema(dataSource, schema));
        }
        if (db.sqlite()) {
            noSchema(schema);
            return sqliteFile(sqliteFileOf(db.url()));
        }
        throw unsupported(db.product(), "switchboard.checkpoint.saver", "CheckpointSaver");
    }

    /** A store on the data source's database: PostgreSQL through it, SQLite on its file. */
    static JdbcStore storeFromDataSource(DataSource dataSource, String schema) {
        Database db = describe(dataSource);
        if (db.postgres()) {
            return PostgresStore.dataSource(inSchema(dataSource, schema), StoreSettings.DEFAULTS);
        }
        if (db.sqlite()) {
            noSchema(schema);
            return storeFile(sqliteFileOf(db.url()));
        }
        throw unsupported(db.product(), "switchboard.store.kind", "Store");
    }

    /** The data source, its connections switched to {@code switchboard.schema} when one is set. */
    private static DataSource inSchema(DataSource dataSource, String schema) {
        return schema == null ? dataSource : PostgresSchema.dataSource(dataSource, schema);
    }

    /** Refuses {@code switchboard.schema} on SQLite, which has no schemas. */
    static void noSchema(String schema) {
        if (schema != null) {
            throw new IllegalStateException("switchboard.schema=" + schema + " applies to PostgreSQL, and the"
                    + " database is SQLite: a SQLite database is one file, so point Switchboard at another file"
                    + " for another set of tables, or remove switchboard.schema");
        }
    }

    static JdbcSaver sqliteFile(Path file) {
        createParent(file);
        return SqliteSaver.file(file);
    }

    static JdbcStore storeFile(Path file) {
        createParent(file);
        return SqliteStore.file(file);
    }

    private static Database describe(DataSource dataSource) {
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            return new Database(meta.getDatabaseProductName(), meta.getURL());
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "Switchboard could not reach the application's DataSource to choose a checkpoint saver or store: "
                            + e.getMessage(),
                    e);
        }
    }

    private static IllegalStateException unsupported(String product, String property, String bean) {
        return new IllegalStateException("Switchboard's JDBC savers and stores support PostgreSQL and SQLite; the"
                + " application's DataSource is " + product + ". Set " + property + "=sqlite (its own file) or"
                + " memory, or declare a " + bean + " bean.");
    }

    private static void createParent(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            try {
                Files.createDirectories(parent);
            } catch (IOException e) {
                throw new IllegalStateException(
                        "cannot create the directory of the SQLite file " + file + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * The file of a SQLite JDBC URL. The saver opens the file itself (one writer connection, WAL),
     * so an in-memory database, private to the data source's connection, cannot be shared.
     */
    static Path sqliteFileOf(String url) {
        if (url == null || !url.startsWith(SQLITE_PREFIX)) {
            throw new IllegalStateException("cannot tell the SQLite file of the DataSource URL " + url);
        }
        String rest = url.substring(SQLITE_PREFIX.length());
        if (rest.startsWith("file:")) {
            rest = rest.substring("file:".length());
        }
        int query = rest.indexOf('?');
        if (query >= 0) {
            rest = rest.substring(0, query);
        }
        if (rest.isEmpty() || rest.contains(":memory:") || rest.contains("mode=memory")) {
            throw new IllegalStateException("the application's DataSource is an in-memory SQLite database (" + url
                    + "), which Switchboard's saver cannot share; point spring.datasource.url at a file, or set"
                    + " switchboard.checkpoint.saver=memory");
        }
        return Path.of(rest);
    }
}
