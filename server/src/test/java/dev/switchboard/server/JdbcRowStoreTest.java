package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
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
}
