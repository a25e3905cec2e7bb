package dev.switchboard.server.postgres;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A JDBC URL as a {@link DataSource}, every connection a new one from {@link DriverManager}: what
 * tests hand the server as "an application's data source" (the server itself pools a URL with
 * {@code ConnectionPool}).
 */
public final class DriverDataSource implements DataSource {
    private final String url;

    /**
     * A data source for a URL.
     *
     * @param url the JDBC URL, credentials included
     */
    public DriverDataSource(String url) {
        this.url = url;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return DriverManager.getConnection(url);
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return DriverManager.getConnection(url, username, password);
    }

    @Override
    public PrintWriter getLogWriter() {
        return DriverManager.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        throw new UnsupportedOperationException("DriverDataSource has no log writer of its own");
    }

    @Override
    public void setLoginTimeout(int seconds) {
        throw new UnsupportedOperationException("DriverDataSource has no login timeout of its own");
    }

    @Override
    public int getLoginTimeout() {
        return DriverManager.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("DriverDataSource logs nothing");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("DriverDataSource is not a " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public String toString() {
        return "DriverDataSource[" + url.split("\\?")[0] + "]";
    }
}
