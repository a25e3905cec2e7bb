package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.io.TempDir;

/** The conformance suite on a SQLite file. */
class SqliteSaverConformanceTest extends CheckpointSaverConformance {
    @TempDir
    Path dir;

    @Override
    protected CheckpointSaver open() {
        return SqliteSaver.file(dir.resolve("checkpoints.db"));
    }

    @Override
    protected long storedRows(String threadId) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("checkpoints.db"))) {
            return Sql.rowsOf(c, threadId);
        }
    }

    @Override
    public boolean compacts() {
        return true;
    }
}
