package dev.switchboard.spring.boot;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;

/** Opens the JDBC saver that fits a data source's database, told by its metadata. */
final class JdbcSavers {
    private static final String SQLITE_PREFIX = "jdbc:sqlite:";

    private JdbcSavers() {}

    static JdbcSaver fromDataSource(DataSource dataSource) {
        String product;
        String url;
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            product = meta.getDatabaseProductName();
            url = meta.getURL();
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "Switchboard could not reach the application's DataSource to choose a checkpoint saver: "
                            + e.getMessage(),
                    e);
        }
        String name = product == null ? "" : product.toLowerCase(Locale.ROOT);
        if (name.contains("postgresql")) {
            return PostgresSaver.dataSource(dataSource);
        }
        if (name.contains("sqlite")) {
            return sqliteFile(sqliteFileOf(url));
        }
        throw new IllegalStateException("Switchboard's JDBC checkpoint saver supports PostgreSQL and SQLite; the"
                + " application's DataSource is " + product + ". Set switchboard.checkpoint.saver=sqlite (its own"
                + " file) or memory, or declare a CheckpointSaver bean.");
    }

    static JdbcSaver sqliteFile(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            try {
                java.nio.file.Files.createDirectories(parent);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(
                        "cannot create the directory of the SQLite checkpoint file " + file + ": " + e.getMessage(), e);
            }
        }
        return SqliteSaver.file(file);
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
