package dev.switchboard.checkpoint.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Objects;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * Puts Switchboard's tables in a PostgreSQL schema of their own instead of the connection's
 * current one (usually {@code public}): one database can then hold several independent sets of
 * them (two servers that do not see each other's threads) and the application's own tables stay
 * apart. Both methods create the schema when it is missing and the role may ({@code CREATE SCHEMA
 * IF NOT EXISTS}), and fail with a message naming the fix when it may not. Every statement of the
 * saver, store and server then resolves its unqualified table names in that schema alone. SQLite
 * has no schemas (a database is one file): both methods refuse it.
 */
public final class PostgresSchema {
    /** Lower-case SQL identifiers, which need no quoting anywhere (a URL, a search path). */
    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    private PostgresSchema() {}

    /**
     * Creates the schema if needed and answers the URL whose connections use it ({@code
     * currentSchema}, which the driver sets when it connects: no statement per connection).
     *
     * @param jdbcUrl a {@code jdbc:postgresql:} URL that names no {@code currentSchema}
     * @param schema a lower-case identifier: letters, digits and {@code _}
     * @return the URL to open savers, stores and servers on
     * @throws IllegalArgumentException if the URL is not PostgreSQL's, already names a schema, or
     *     the name is not a plain identifier
     * @throws CheckpointStoreException if the database cannot be reached, or the schema is missing
     *     and the role may not create it
     */
    public static String url(String jdbcUrl, String schema) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        check(schema);
        if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("a schema applies to PostgreSQL only (a SQLite database is one file:"
                    + " use another file for another set of tables); the URL is " + PostgresSaver.redact(jdbcUrl));
        }
        int q = jdbcUrl.indexOf('?');
        if (q >= 0 && jdbcUrl.substring(q).toLowerCase(Locale.ROOT).matches(".*[?&]currentschema=.*")) {
            throw new IllegalArgumentException("the URL names a schema already (currentSchema=...); name the"
                    + " schema once, either there or as '" + schema + "'");
        }
        try (Connection c = DriverManager.getConnection(jdbcUrl)) {
            create(c, schema, "PostgreSQL " + PostgresSaver.redact(jdbcUrl));
        } catch (SQLException e) {
            throw new CheckpointStoreException(
                    "could not reach PostgreSQL " + PostgresSaver.redact(jdbcUrl) + " to prepare schema '" + schema
                            + "': " + e.getMessage(),
                    e);
        }
        return jdbcUrl + (q < 0 ? "?" : "&") + "currentSchema=" + schema;
    }

    /**
     * Creates the schema if needed and answers a data source whose connections use it: each
     * connection borrowed from {@code dataSource} is switched to the schema ({@link
     * Connection#setSchema}) and switched back ({@code RESET search_path}) when closed, before it
     * goes back to the pool, so the application's own use of the pool never sees the schema. That is
     * two statements per borrow; a data source of Switchboard's own, or a URL through {@link
     * #url}, costs none.
     *
     * @param dataSource a PostgreSQL data source
     * @param schema a lower-case identifier: letters, digits and {@code _}
     * @return the data source to open savers, stores and servers on
     * @throws IllegalArgumentException if the name is not a plain identifier or the database is not
     *     PostgreSQL
     * @throws CheckpointStoreException if the database cannot be reached, or the schema is missing
     *     and the role may not create it
     */
    public static DataSource dataSource(DataSource dataSource, String schema) {
        Objects.requireNonNull(dataSource, "dataSource");
        check(schema);
        String where = "PostgreSQL data source " + dataSource.getClass().getName();
        try (Connection c = dataSource.getConnection()) {
            String product = c.getMetaData().getDatabaseProductName();
            if (product == null || !product.toLowerCase(Locale.ROOT).contains("postgresql")) {
                throw new IllegalArgumentException("a schema applies to PostgreSQL only (a SQLite database is one"
                        + " file: use another file for another set of tables); the data source is " + product);
            }
            create(c, schema, where);
        } catch (SQLException e) {
            throw new CheckpointStoreException(
                    "could not reach the " + where + " to prepare schema '" + schema + "': " + e.getMessage(), e);
        }
        return new InSchema(dataSource, schema);
    }

    private static void check(String schema) {
        Objects.requireNonNull(schema, "schema");
        if (!NAME.matcher(schema).matches()) {
            throw new IllegalArgumentException("a schema name must be a lower-case SQL identifier (letters a-z,"
                    + " digits, '_', not starting with a digit, at most 63 characters), was '" + schema + "'");
        }
    }

    /** Creates the schema unless it exists; a role without the right gets the statement to ask for. */
    private static void create(Connection c, String schema, String where) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT 1 FROM pg_namespace WHERE nspname = ?")) {
            p.setString(1, schema);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    return;
                }
            }
        }
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
        } catch (SQLException e) {
            if ("42501".equals(e.getSQLState())) {
                throw new CheckpointStoreException(
                        "schema '" + schema + "' does not exist in " + where + " and the role connecting may not"
                                + " create it; have an administrator run CREATE SCHEMA " + schema
                                + " AUTHORIZATION <the role>, or name an existing schema",
                        e);
            }
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /** A data source whose connections resolve table names in one schema. */
    private static final class InSchema implements DataSource {
        private final DataSource of;
        private final String schema;

        InSchema(DataSource of, String schema) {
            this.of = of;
            this.schema = schema;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return inSchema(of.getConnection());
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            return inSchema(of.getConnection(username, password));
        }

        private Connection inSchema(Connection c) throws SQLException {
            try {
                c.setSchema(schema);
                return new SchemaConnection(c);
            } catch (SQLException | RuntimeException e) {
                Connections.quietly(c);
                throw e;
            }
        }

        @Override
        public PrintWriter getLogWriter() throws SQLException {
            return of.getLogWriter();
        }

        @Override
        public void setLogWriter(PrintWriter out) throws SQLException {
            of.setLogWriter(out);
        }

        @Override
        public void setLoginTimeout(int seconds) throws SQLException {
            of.setLoginTimeout(seconds);
        }

        @Override
        public int getLoginTimeout() throws SQLException {
            return of.getLoginTimeout();
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            return of.getParentLogger();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            return iface.isInstance(this) ? iface.cast(this) : of.unwrap(iface);
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) throws SQLException {
            return iface.isInstance(this) || of.isWrapperFor(iface);
        }

        @Override
        public String toString() {
            return of + " in schema " + schema;
        }
    }
}
