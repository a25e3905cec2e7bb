package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.store.Filter;
import dev.switchboard.runtime.store.Namespace;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL of the JDBC stores, per dialect: the tables, and filters rendered as SQL conditions with
 * parameters ({@code json_extract}/{@code json_type} on SQLite, {@code jsonb} operators on
 * PostgreSQL) that reproduce {@link Filter#matches} exactly, so filtering happens in the database.
 * Namespaces are stored as their labels joined with U+001F, which labels cannot contain; with a
 * binary collation that text orders as {@link Namespace#compareTo} does, and a prefix is a range.
 */
enum StoreSql {
    SQLITE {
        @Override
        List<String> schema() {
            return List.of(
                    "CREATE TABLE IF NOT EXISTS switchboard_store_items (ns TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,"
                            + " created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, ttl_ms INTEGER,"
                            + " expires_at INTEGER, ns_seq INTEGER NOT NULL, seq INTEGER NOT NULL,"
                            + " version INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (ns, key))",
                    "CREATE TABLE IF NOT EXISTS switchboard_store_vectors (ns TEXT NOT NULL, key TEXT NOT NULL, idx INTEGER NOT NULL,"
                            + " vector BLOB NOT NULL, PRIMARY KEY (ns, key, idx),"
                            + " FOREIGN KEY (ns, key) REFERENCES switchboard_store_items (ns, key) ON DELETE CASCADE)");
        }

        @Override
        String addVersion() {
            return "ALTER TABLE switchboard_store_items ADD COLUMN version INTEGER NOT NULL DEFAULT 0";
        }

        @Override
        List<String> renameLegacy(Connection c) throws SQLException {
            // SQLite rewrites the foreign key of store_vectors with the table it names; an index
            // cannot be renamed, so the old ones go and versioning() makes them under new names.
            List<String> out = renameTables(c);
            out.add("DROP INDEX IF EXISTS store_items_version");
            out.add("DROP INDEX IF EXISTS store_deletions_version");
            return out;
        }

        @Override
        String nextSeq() {
            return "(SELECT COALESCE(MAX(seq), 0) + 1 FROM switchboard_store_items)";
        }

        @Override
        String jsonParam() {
            return "?";
        }

        @Override
        void condition(Filter.Condition c, StringBuilder sql, List<Object> params) {
            String path = "$.\"" + c.field() + "\"";
            switch (c.op()) {
                case EQ -> equal(path, c.operand(), sql, params);
                case NE -> not(sql, () -> equal(path, c.operand(), sql, params));
                case IN -> anyEqual(path, (List<?>) c.operand(), sql, params);
                case NIN -> not(sql, () -> anyEqual(path, (List<?>) c.operand(), sql, params));
                default -> {
                    boolean number = c.operand() instanceof BigDecimal;
                    sql.append(
                            number
                                    ? "(json_type(value, ?) IN ('integer', 'real') AND json_extract(value, ?) "
                                    : "(json_type(value, ?) = 'text' AND json_extract(value, ?) ");
                    sql.append(operator(c.op())).append(" ?)");
                    params.add(path);
                    params.add(path);
                    params.add(number ? (Object) ((BigDecimal) c.operand()).doubleValue() : c.operand());
                }
            }
        }

        private void equal(String path, Object operand, StringBuilder sql, List<Object> params) {
            params.add(path);
            if (operand == null) {
                sql.append("json_type(value, ?) = 'null'");
            } else if (operand instanceof Boolean b) {
                sql.append("json_type(value, ?) = '")
                        .append(b ? "true" : "false")
                        .append('\'');
            } else if (operand instanceof BigDecimal d) {
                sql.append("(json_type(value, ?) IN ('integer', 'real') AND json_extract(value, ?) = ?)");
                params.add(path);
                params.add(d.doubleValue());
            } else {
                sql.append("(json_type(value, ?) = 'text' AND json_extract(value, ?) = ?)");
                params.add(path);
                params.add(operand);
            }
        }

        private void anyEqual(String path, List<?> operands, StringBuilder sql, List<Object> params) {
            sql.append("(0");
            for (Object o : operands) {
                sql.append(" OR ");
                equal(path, o, sql, params);
            }
            sql.append(')');
        }
    },

    POSTGRES {
        @Override
        List<String> schema() {
            return List.of(
                    "CREATE SEQUENCE IF NOT EXISTS switchboard_store_seq",
                    "CREATE TABLE IF NOT EXISTS switchboard_store_items (ns TEXT COLLATE \"C\" NOT NULL, key TEXT COLLATE \"C\" NOT NULL,"
                            + " value JSONB NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,"
                            + " ttl_ms BIGINT, expires_at BIGINT, ns_seq BIGINT NOT NULL, seq BIGINT NOT NULL,"
                            + " version BIGINT NOT NULL DEFAULT 0, PRIMARY KEY (ns, key))",
                    "CREATE TABLE IF NOT EXISTS switchboard_store_vectors (ns TEXT COLLATE \"C\" NOT NULL, key TEXT COLLATE \"C\" NOT NULL,"
                            + " idx INTEGER NOT NULL, vector BYTEA NOT NULL, PRIMARY KEY (ns, key, idx),"
                            + " FOREIGN KEY (ns, key) REFERENCES switchboard_store_items (ns, key) ON DELETE CASCADE)");
        }

        @Override
        String addVersion() {
            return "ALTER TABLE switchboard_store_items ADD COLUMN IF NOT EXISTS version BIGINT NOT NULL DEFAULT 0";
        }

        @Override
        List<String> renameLegacy(Connection c) throws SQLException {
            // Indexes and the sequence are relations of the schema too: renamed, so that nothing
            // named store_* is left behind to collide with an application's own tables.
            List<String> out = renameTables(c);
            for (String index : List.of(
                    "store_items_pkey",
                    "store_vectors_pkey",
                    "store_meta_pkey",
                    "store_items_version",
                    "store_deletions_version")) {
                out.add("ALTER INDEX IF EXISTS " + index + " RENAME TO switchboard_" + index);
            }
            out.add("ALTER SEQUENCE IF EXISTS store_seq RENAME TO switchboard_store_seq");
            return out;
        }

        @Override
        String nextSeq() {
            return "nextval('switchboard_store_seq')";
        }

        @Override
        String jsonParam() {
            return "CAST(? AS JSONB)";
        }

        @Override
        void condition(Filter.Condition c, StringBuilder sql, List<Object> params) {
            switch (c.op()) {
                case EQ -> equal(c.field(), c.operand(), sql, params);
                case NE -> not(sql, () -> equal(c.field(), c.operand(), sql, params));
                case IN -> anyEqual(c.field(), (List<?>) c.operand(), sql, params);
                case NIN -> not(sql, () -> anyEqual(c.field(), (List<?>) c.operand(), sql, params));
                default -> {
                    // CASE, not AND: PostgreSQL may evaluate the cast before the type test.
                    boolean number = c.operand() instanceof BigDecimal;
                    sql.append(
                            number
                                    ? "(CASE WHEN jsonb_typeof(value -> ?) = 'number' THEN (value ->> ?)::numeric "
                                    : "(CASE WHEN jsonb_typeof(value -> ?) = 'string' THEN (value ->> ?) COLLATE \"C\" ");
                    sql.append(operator(c.op())).append(" ? ELSE false END)");
                    params.add(c.field());
                    params.add(c.field());
                    params.add(c.operand());
                }
            }
        }

        private void equal(String field, Object operand, StringBuilder sql, List<Object> params) {
            // jsonb equality: same type and value, numbers by value (5 = 5.0); a missing key is NULL.
            sql.append("(value -> ? = CAST(? AS JSONB))");
            params.add(field);
            params.add(json(operand));
        }

        private void anyEqual(String field, List<?> operands, StringBuilder sql, List<Object> params) {
            sql.append("(false");
            for (Object o : operands) {
                sql.append(" OR ");
                equal(field, o, sql, params);
            }
            sql.append(')');
        }

        private String json(Object operand) {
            if (operand instanceof String s) {
                StringBuilder b = new StringBuilder("\"");
                s.chars().forEach(ch -> {
                    if (ch == '"' || ch == '\\') {
                        b.append('\\').append((char) ch);
                    } else if (ch < 0x20) {
                        b.append(String.format("\\u%04x", ch));
                    } else {
                        b.append((char) ch);
                    }
                });
                return b.append('"').toString();
            }
            return operand instanceof BigDecimal d ? d.toPlainString() : String.valueOf(operand);
        }
    };

    /** Separates namespace labels in the {@code ns} column; labels cannot contain control characters. */
    static final char SEPARATOR = '\u001f';

    /** The checkpoint dialect of the same database, whose migration list holds the store's tables. */
    Dialect dialect() {
        return this == POSTGRES ? Dialect.POSTGRES : Dialect.SQLITE;
    }

    /** The statements that create the tables (idempotent): part of schema version 6, never change them. */
    abstract List<String> schema();

    /** Adds the {@code version} column to a {@code store_items} table made before it existed. */
    abstract String addVersion();

    /**
     * The statements that rename the tables of a store from before version 6, when they were
     * unprefixed in the schema's namespace ({@code store_items}, ...), with their indexes and
     * sequence, so that its data stays; each tolerates a part that the store had not yet.
     */
    abstract List<String> renameLegacy(Connection c) throws SQLException;

    /**
     * Schema version 6, the store's tables: a store from before it (unprefixed tables, possibly
     * without change tracking) is renamed and completed; otherwise they are created.
     */
    static void migrate(Connection c, Dialect dialect) throws SQLException {
        StoreSql sql = dialect == Dialect.POSTGRES ? POSTGRES : SQLITE;
        if (Schema.hasTable(c, "store_items") && !Schema.hasTable(c, "switchboard_store_items")) {
            Dialect.execute(c, sql.renameLegacy(c));
        }
        Dialect.execute(c, sql.schema());
        boolean hasVersion = false;
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT * FROM switchboard_store_items WHERE 1 = 0")) {
            ResultSetMetaData m = r.getMetaData();
            for (int i = 1; i <= m.getColumnCount(); i++) {
                hasVersion |= m.getColumnName(i).equalsIgnoreCase("version");
            }
        }
        if (!hasVersion) {
            Dialect.execute(c, List.of(sql.addVersion()));
        }
        Dialect.execute(c, versioning());
    }

    /** {@code ALTER TABLE old RENAME TO switchboard_old} for each legacy table there is. */
    static List<String> renameTables(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        for (String t : List.of("store_items", "store_vectors", "store_meta", "store_deletions")) {
            if (Schema.hasTable(c, t)) {
                out.add("ALTER TABLE " + t + " RENAME TO switchboard_" + t);
            }
        }
        return out;
    }

    /**
     * The statements, after {@link #schema} and {@link #addVersion}, for the change tracking that
     * keeps each store's in-memory {@link VectorIndex} coherent: the store's version, bumped by every
     * write transaction, the version of each item's last write, and the items deleted since.
     */
    static List<String> versioning() {
        return List.of(
                "CREATE INDEX IF NOT EXISTS switchboard_store_items_version ON switchboard_store_items (version)",
                "CREATE TABLE IF NOT EXISTS switchboard_store_meta (id INTEGER PRIMARY KEY, version BIGINT NOT NULL,"
                        + " pruned BIGINT NOT NULL)",
                "INSERT INTO switchboard_store_meta (id, version, pruned) VALUES (1, 0, 0) ON CONFLICT (id) DO NOTHING",
                "CREATE TABLE IF NOT EXISTS switchboard_store_deletions (version BIGINT NOT NULL, ns TEXT NOT NULL,"
                        + " key TEXT NOT NULL)",
                "CREATE INDEX IF NOT EXISTS switchboard_store_deletions_version ON switchboard_store_deletions (version)");
    }

    /** An expression for a new ordering number. */
    abstract String nextSeq();

    /** The placeholder for a JSON value parameter. */
    abstract String jsonParam();

    /** Appends one filter condition. */
    abstract void condition(Filter.Condition c, StringBuilder sql, List<Object> params);

    /** Appends {@code AND <condition>} for each of the filter's conditions. */
    void filter(Filter filter, StringBuilder sql, List<Object> params) {
        for (Filter.Condition c : filter.conditions()) {
            sql.append(" AND ");
            condition(c, sql, params);
        }
    }

    /** Appends {@code AND <ns under prefix>}: the namespace itself, or the range of its descendants. */
    static void prefix(String column, Namespace prefix, StringBuilder sql, List<Object> params) {
        if (prefix.depth() == 0) {
            return;
        }
        String p = encode(prefix);
        sql.append(" AND (").append(column).append(" = ? OR (").append(column).append(" > ? AND ");
        sql.append(column).append(" < ?))");
        params.add(p);
        params.add(p + SEPARATOR);
        params.add(p + (char) (SEPARATOR + 1));
    }

    static String encode(Namespace ns) {
        return String.join(String.valueOf(SEPARATOR), ns.labels());
    }

    static Namespace decode(String ns) {
        return new Namespace(List.of(ns.split(String.valueOf(SEPARATOR), -1)));
    }

    static String operator(Filter.Op op) {
        return switch (op) {
            case GT -> ">";
            case GTE -> ">=";
            case LT -> "<";
            default -> "<=";
        };
    }

    /** NOT of a condition that may be NULL (a missing field): missing counts as not matching it. */
    static void not(StringBuilder sql, Runnable condition) {
        sql.append("NOT COALESCE(");
        condition.run();
        sql.append(", false)");
    }
}
