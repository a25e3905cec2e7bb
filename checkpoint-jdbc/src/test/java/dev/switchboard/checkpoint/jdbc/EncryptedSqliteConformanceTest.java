package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.EncryptedSaver;
import dev.switchboard.runtime.checkpoint.Keyring;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
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

    /** The sealed form: "SBE2", the key id's length and "k1", a 12-byte nonce, a 16-byte tag. */
    @Override
    public int sealBytes() {
        return 4 + 1 + 2 + 12 + 16;
    }

    /** The seal of a header, 35 bytes, in Base64 under the reserved metadata key. */
    @Override
    public CheckpointMetadata asStored(CheckpointMetadata metadata) {
        Map<String, Object> extra = new LinkedHashMap<>(metadata.extra());
        extra.put(EncryptedSaver.SEAL, "x".repeat(48));
        return new CheckpointMetadata(metadata.source(), metadata.step(), metadata.parents(), extra);
    }

    @Override
    protected void close(CheckpointSaver saver) {
        sqlite.close();
    }
}
