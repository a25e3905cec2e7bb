package dev.switchboard.checkpoint.jdbc;

import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * A connection borrowed from an application's pool and switched to Switchboard's schema ({@link
 * PostgresSchema#dataSource}): closing it first puts the session's search path back ({@code RESET
 * search_path}, to what the connection was opened with), so the application never gets a
 * connection of its pool that resolves its tables in Switchboard's schema. HikariCP, for one,
 * restores a changed schema only when its own {@code schema} is configured. Everything else is
 * passed to the pool's connection as it is; this file is long only because {@link Connection} is.
 */
final class SchemaConnection implements Connection {
    private final Connection c;

    SchemaConnection(Connection c) {
        this.c = c;
    }

    @Override
    public void close() throws SQLException {
        if (c.isClosed()) {
            return;
        }
        try {
            boolean auto = c.getAutoCommit();
            if (!auto) {
                c.rollback(); // a SET in a transaction that is rolled back later would be undone
            }
            try (Statement s = c.createStatement()) {
                s.execute("RESET search_path");
            }
            if (!auto) {
                c.commit();
            }
        } catch (SQLException e) {
            // The session is broken: the pool drops it, and with it the search path.
        } finally {
            c.close();
        }
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return iface.isInstance(this) ? iface.cast(this) : c.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return iface.isInstance(this) || c.isWrapperFor(iface);
    }

    @Override
    public Statement createStatement() throws SQLException {
        return c.createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String a0) throws SQLException {
        return c.prepareStatement(a0);
    }

    @Override
    public CallableStatement prepareCall(String a0) throws SQLException {
        return c.prepareCall(a0);
    }

    @Override
    public String nativeSQL(String a0) throws SQLException {
        return c.nativeSQL(a0);
    }

    @Override
    public void setAutoCommit(boolean a0) throws SQLException {
        c.setAutoCommit(a0);
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        return c.getAutoCommit();
    }

    @Override
    public void commit() throws SQLException {
        c.commit();
    }

    @Override
    public void rollback() throws SQLException {
        c.rollback();
    }

    @Override
    public boolean isClosed() throws SQLException {
        return c.isClosed();
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        return c.getMetaData();
    }

    @Override
    public void setReadOnly(boolean a0) throws SQLException {
        c.setReadOnly(a0);
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return c.isReadOnly();
    }

    @Override
    public void setCatalog(String a0) throws SQLException {
        c.setCatalog(a0);
    }

    @Override
    public String getCatalog() throws SQLException {
        return c.getCatalog();
    }

    @Override
    public void setTransactionIsolation(int a0) throws SQLException {
        c.setTransactionIsolation(a0);
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        return c.getTransactionIsolation();
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        return c.getWarnings();
    }

    @Override
    public void clearWarnings() throws SQLException {
        c.clearWarnings();
    }

    @Override
    public Statement createStatement(int a0, int a1) throws SQLException {
        return c.createStatement(a0, a1);
    }

    @Override
    public PreparedStatement prepareStatement(String a0, int a1, int a2) throws SQLException {
        return c.prepareStatement(a0, a1, a2);
    }

    @Override
    public CallableStatement prepareCall(String a0, int a1, int a2) throws SQLException {
        return c.prepareCall(a0, a1, a2);
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        return c.getTypeMap();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> a0) throws SQLException {
        c.setTypeMap(a0);
    }

    @Override
    public void setHoldability(int a0) throws SQLException {
        c.setHoldability(a0);
    }

    @Override
    public int getHoldability() throws SQLException {
        return c.getHoldability();
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        return c.setSavepoint();
    }

    @Override
    public Savepoint setSavepoint(String a0) throws SQLException {
        return c.setSavepoint(a0);
    }

    @Override
    public void rollback(Savepoint a0) throws SQLException {
        c.rollback(a0);
    }

    @Override
    public void releaseSavepoint(Savepoint a0) throws SQLException {
        c.releaseSavepoint(a0);
    }

    @Override
    public Statement createStatement(int a0, int a1, int a2) throws SQLException {
        return c.createStatement(a0, a1, a2);
    }

    @Override
    public PreparedStatement prepareStatement(String a0, int a1, int a2, int a3) throws SQLException {
        return c.prepareStatement(a0, a1, a2, a3);
    }

    @Override
    public CallableStatement prepareCall(String a0, int a1, int a2, int a3) throws SQLException {
        return c.prepareCall(a0, a1, a2, a3);
    }

    @Override
    public PreparedStatement prepareStatement(String a0, int a1) throws SQLException {
        return c.prepareStatement(a0, a1);
    }

    @Override
    public PreparedStatement prepareStatement(String a0, int[] a1) throws SQLException {
        return c.prepareStatement(a0, a1);
    }

    @Override
    public PreparedStatement prepareStatement(String a0, String[] a1) throws SQLException {
        return c.prepareStatement(a0, a1);
    }

    @Override
    public Clob createClob() throws SQLException {
        return c.createClob();
    }

    @Override
    public Blob createBlob() throws SQLException {
        return c.createBlob();
    }

    @Override
    public NClob createNClob() throws SQLException {
        return c.createNClob();
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        return c.createSQLXML();
    }

    @Override
    public boolean isValid(int a0) throws SQLException {
        return c.isValid(a0);
    }

    @Override
    public void setClientInfo(String a0, String a1) throws SQLClientInfoException {
        c.setClientInfo(a0, a1);
    }

    @Override
    public void setClientInfo(Properties a0) throws SQLClientInfoException {
        c.setClientInfo(a0);
    }

    @Override
    public String getClientInfo(String a0) throws SQLException {
        return c.getClientInfo(a0);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        return c.getClientInfo();
    }

    @Override
    public Array createArrayOf(String a0, Object[] a1) throws SQLException {
        return c.createArrayOf(a0, a1);
    }

    @Override
    public Struct createStruct(String a0, Object[] a1) throws SQLException {
        return c.createStruct(a0, a1);
    }

    @Override
    public void setSchema(String a0) throws SQLException {
        c.setSchema(a0);
    }

    @Override
    public String getSchema() throws SQLException {
        return c.getSchema();
    }

    @Override
    public void abort(Executor a0) throws SQLException {
        c.abort(a0);
    }

    @Override
    public void setNetworkTimeout(Executor a0, int a1) throws SQLException {
        c.setNetworkTimeout(a0, a1);
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        return c.getNetworkTimeout();
    }
}
