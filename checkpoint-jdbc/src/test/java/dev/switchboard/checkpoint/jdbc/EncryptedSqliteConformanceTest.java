package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import dev.switchboard.runtime.checkpoint.Keyring;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The conformance suite on a SQLite file behind an {@link EncryptedSaver}. */
class EncryptedSqliteConformanceTest extends CheckpointSaverConformance {
    @TempDir
    Path dir;

    private JdbcSaver sqlite;

    @Override
    protected CheckpointSaver open() {
        sqlite = SqliteSaver.file(dir.resolve("encrypted.db"));
        return new EncryptedSaver(sqlite, Keyring.of("k1", Keyring.randomKey()));
    }

    @Override
    protected void close(CheckpointSaver saver) {
        sqlite.close();
    }
}
