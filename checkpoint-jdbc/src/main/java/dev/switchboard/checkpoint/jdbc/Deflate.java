package dev.switchboard.checkpoint.jdbc;

import java.io.ByteArrayOutputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The compression of large stored values (zlib, checksummed): snapshots of a conversation are
 * JSON that repeats its keys in every message. PostgreSQL compresses such values itself (TOAST),
 * SQLite does not; compressing them here treats both alike. A value that does not shrink by an
 * eighth (an encrypted one, say) is stored as it is.
 */
final class Deflate {
    /** Values smaller than this are stored as they are: they gain little and are read often. */
    static final int MIN_BYTES = 1024;

    /** Deflate's largest ratio is about 1032:1; a stored value claiming more is damaged. */
    private static final int MAX_RATIO = 1100;

    private Deflate() {}

    /** The value compressed, or {@code null} when it is small or does not shrink enough. */
    static byte[] compress(byte[] value) {
        if (value.length < MIN_BYTES) {
            return null;
        }
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
        try {
            deflater.setInput(value);
            deflater.finish();
            int limit = value.length - value.length / 8;
            byte[] out = new byte[limit];
            int n = 0;
            while (!deflater.finished() && n < limit) {
                n += deflater.deflate(out, n, limit - n);
            }
            if (!deflater.finished()) {
                return null;
            }
            byte[] exact = new byte[n];
            System.arraycopy(out, 0, exact, 0, n);
            return exact;
        } finally {
            deflater.end();
        }
    }

    /** The value a compressed one holds. */
    static byte[] inflate(byte[] stored, String what) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(stored);
            ByteArrayOutputStream out = new ByteArrayOutputStream(stored.length * 4);
            byte[] buffer = new byte[Math.min(64 * 1024, Math.max(4096, stored.length * 4))];
            long limit = (long) stored.length * MAX_RATIO;
            while (!inflater.finished()) {
                int n = inflater.inflate(buffer);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw damaged(what, "it ends early", null);
                }
                out.write(buffer, 0, n);
                if (out.size() > limit) {
                    throw damaged(what, "it inflates past any compression ratio", null);
                }
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw damaged(what, e.getMessage(), e);
        } finally {
            inflater.end();
        }
    }

    private static CheckpointStoreException damaged(String what, String problem, Exception cause) {
        return new CheckpointStoreException(
                "the stored value of " + what + " is compressed but cannot be inflated (" + problem
                        + "); the store was modified or damaged",
                cause);
    }
}
