package dev.switchboard.server;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** {@link RestartContract} on the embedded default: one SQLite file for checkpoints, threads and runs. */
class SqliteRestartTest extends RestartContract {
    @TempDir
    Path dir;

    @Override
    String databaseUrl() {
        return "jdbc:sqlite:" + dir.resolve("server.db");
    }
}
