package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.rows.JdbcRowStore;
import dev.switchboard.server.wire.Json;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The row store's transactions: one commit for their writes, none when they fail or write nothing. */
class JdbcRowStoreTest {
    @TempDir
    Path dir;

    @Test
    void aTransactionCommitsItsWritesOnceOrNotAtAll() throws Exception {
        Path db = dir.resolve("rows.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL"); // as the server's checkpoint saver leaves its file
        }
        try (JdbcRowStore store = JdbcRowStore.open("jdbc:sqlite:" + db, "test")) {
            store.putThread("t", Json.object().put("thread_id", "t"));
            int before = WalCommits.count(db);
            store.transaction(() -> {
                store.putRun("r1", "t", Json.object().put("run_id", "r1"));
                store.updateThread("t", Json.object().put("status", "busy"), Json.object());
            });
            assertEquals(1, WalCommits.count(db) - before);
            assertEquals("busy", store.thread("t").get("status").asString());

            IllegalStateException failure = new IllegalStateException("the run could not start");
            assertSame(
                    failure,
                    assertThrows(
                            IllegalStateException.class,
                            () -> store.transaction(() -> {
                                store.putRun("r2", "t", Json.object().put("run_id", "r2"));
                                throw failure;
                            })));
            assertNull(store.run("r2"), "nothing of a failed transaction is kept");
            assertNotNull(store.run("r1"));

            int quiet = WalCommits.count(db);
            store.transaction(() -> {});
            assertEquals(quiet, WalCommits.count(db), "a transaction that writes nothing commits nothing");
            store.putRun("r3", "t", Json.object().put("run_id", "r3"));
            assertEquals(quiet + 1, WalCommits.count(db), "after a transaction, writes commit one by one again");
        }
    }

    @Test
    void aTransactionThatCouldNotBeginLeavesLaterOnesCommitting() throws Exception {
        Path db = dir.resolve("busy.db");
        String url = "jdbc:sqlite:" + db;
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
        }
        try (JdbcRowStore store = JdbcRowStore.open(url + "?busy_timeout=200", "test");
                Connection other = DriverManager.getConnection(url)) {
            store.putThread("t", Json.object().put("thread_id", "t"));
            other.setAutoCommit(false); // another writer holds the file's write lock
            try (Statement s = other.createStatement()) {
                s.execute("INSERT INTO switchboard_server_threads (thread_id, row_json) VALUES ('held', '{}')");
            }
            IllegalStateException busy = assertThrows(
                    IllegalStateException.class,
                    () -> store.transaction(
                            () -> store.putRun("r1", "t", Json.object().put("run_id", "r1"))));
            assertTrue(busy.getMessage().contains("locked"), busy.getMessage());
            other.rollback();

            store.transaction(() -> store.putRun("r2", "t", Json.object().put("run_id", "r2")));
            try (Statement s = other.createStatement();
                    ResultSet r = s.executeQuery("SELECT count(*) FROM switchboard_server_runs WHERE run_id = 'r2'")) {
                r.next();
                assertEquals(1, r.getInt(1), "the next transaction commits");
            }
            assertNull(store.run("r1"));
        }
    }
}
