package dev.switchboard.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Counts the transactions committed to a SQLite file in WAL mode, by every connection, from its
 * write-ahead log: each commit appends frames, the last one marked with the database size
 * (https://sqlite.org/fileformat2.html#walformat). Valid until the log restarts after a checkpoint
 * (at 1000 pages by default, far more than a test's few runs write).
 */
final class WalCommits {
    private static final int HEADER = 32;
    private static final int FRAME_HEADER = 24;

    private WalCommits() {}

    static int count(Path database) throws IOException {
        Path wal = database.resolveSibling(database.getFileName() + "-wal");
        if (!Files.exists(wal)) {
            return 0;
        }
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(wal)); // big-endian, as the format
        if (b.limit() < HEADER) {
            return 0;
        }
        int pageSize = b.getInt(8);
        int salt1 = b.getInt(16);
        int salt2 = b.getInt(20);
        int commits = 0;
        for (int at = HEADER; at + FRAME_HEADER + pageSize <= b.limit(); at += FRAME_HEADER + pageSize) {
            if (b.getInt(at + 8) != salt1 || b.getInt(at + 12) != salt2) {
                break; // a frame left over from before the log restarted
            }
            if (b.getInt(at + 4) != 0) {
                commits++;
            }
        }
        return commits;
    }
}
