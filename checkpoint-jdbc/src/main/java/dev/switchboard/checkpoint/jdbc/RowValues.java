package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.Blob;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Channel values stored in their checkpoint's row (schema version 7): the blobs a superstep adds,
 * in the row's {@code blobs} column, their shared version counter in {@code blob_counter}. Reading
 * a history then reads one row per checkpoint instead of a row per value besides; a chain whose
 * blobs are in rows not read is found through the counter's index ({@link BlobChains}). Blobs of
 * several counters (a run stored only at exit, a copied thread), values whose versions are not the
 * runtime's, and deltas that may refer to pending writes ({@link WriteRefs}) stay rows of {@code
 * switchboard_blobs}, as do all values stored before version 7.
 *
 * <p>The form: a format byte (1), the number of blobs, then per blob its channel number, its
 * version's suffix (the counter is the row's), a flags byte (kind, compressed, base is the version,
 * no previous version), the base and the previous version unless the flags leave them out, and
 * the bytes, compressed as {@link BlobRows} compresses them; numbers as unsigned varints.
 */
final class RowValues {
    private static final int FORMAT = 1;
    private static final int KIND = 3;
    private static final int COMPRESSED = 8;
    private static final int BASE_IS_VERSION = 16;
    private static final int NO_PREVIOUS = 32;

    private RowValues() {}

    /**
     * The counter that every blob's version has, when each is of the runtime's form and it is the
     * same; else -1, and the blobs are stored as rows.
     */
    static long sharedCounter(List<Blob> blobs) {
        long counter = -1;
        for (Blob b : blobs) {
            VersionKey v = VersionKey.of(b.version());
            if (!v.numeric() || (counter >= 0 && v.counter() != counter)) {
                return -1;
            }
            counter = v.counter();
        }
        return counter;
    }

    /** The stored form of blobs of one counter, their channels numbered by {@code channels}. */
    static byte[] encode(List<Blob> blobs, Map<String, Long> channels) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.write(FORMAT);
        varint(out, blobs.size());
        for (Blob b : blobs) {
            VersionKey version = VersionKey.of(b.version());
            varint(out, channels.get(b.channel()));
            fixed(out, version.suffix());
            byte[] data = b.data();
            byte[] compressed = Deflate.compress(data);
            boolean baseIsVersion = b.base().equals(b.version());
            int flags = kind(b.kind())
                    | (compressed != null ? COMPRESSED : 0)
                    | (baseIsVersion ? BASE_IS_VERSION : 0)
                    | (b.previous().isEmpty() ? NO_PREVIOUS : 0);
            out.write(flags);
            if (!baseIsVersion) {
                version(out, VersionKey.of(b.base()));
            }
            if (!b.previous().isEmpty()) {
                version(out, VersionKey.of(b.previous()));
            }
            byte[] stored = compressed != null ? compressed : data;
            varint(out, stored.length);
            out.write(stored, 0, stored.length);
        }
        return out.toByteArray();
    }

    /** Names channel numbers; may query the store. */
    @FunctionalInterface
    interface Names {
        String of(long channelId) throws SQLException;
    }

    /**
     * Decodes blobs stored with {@link #encode}.
     *
     * @param counter the row's {@code blob_counter}
     * @param names each channel number's name
     * @param seq the row's number, as errors name it
     */
    static List<BlobRows.Row> decode(byte[] stored, long counter, Names names, long seq) throws SQLException {
        Reader in = new Reader(stored, seq);
        int n = in.start();
        List<BlobRows.Row> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long channelId = in.varint();
            String channel = names.of(channelId);
            VersionKey key = new VersionKey(counter, in.fixed(), "");
            String version = key.text();
            int flags = in.next();
            if ((flags & ~(KIND | COMPRESSED | BASE_IS_VERSION | NO_PREVIOUS)) != 0 || (flags & KIND) == KIND) {
                throw in.damaged("has a value of the unknown kind " + flags);
            }
            String base = (flags & BASE_IS_VERSION) != 0 ? version : in.version();
            String previous = (flags & NO_PREVIOUS) != 0 ? "" : in.version();
            byte[] data = in.bytes();
            if ((flags & COMPRESSED) != 0) {
                data = Deflate.inflate(data, "channel '" + channel + "' at version " + version);
            }
            Blob blob = new Blob(channel, version, base, previous, kind(flags & KIND), data);
            out.add(new BlobRows.Row(channelId, blob, -1));
        }
        in.end();
        return out;
    }

    /**
     * What each stored blob takes, without decoding it: its channel number, whether it is a delta,
     * and the bytes stored (compressed, as {@code switchboard_blobs} counts them).
     */
    static List<long[]> sizes(byte[] stored, long seq) {
        Reader in = new Reader(stored, seq);
        int n = in.start();
        List<long[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long channelId = in.varint();
            in.fixed();
            int flags = in.next();
            if ((flags & BASE_IS_VERSION) == 0) {
                in.version();
            }
            if ((flags & NO_PREVIOUS) == 0) {
                in.version();
            }
            out.add(new long[] {channelId, (flags & KIND) == BlobRows.DELTA ? 1 : 0, in.bytes().length});
        }
        in.end();
        return out;
    }

    private static int kind(Blob.Kind kind) {
        return switch (kind) {
            case SNAPSHOT -> BlobRows.SNAPSHOT;
            case DELTA -> BlobRows.DELTA;
            case EMPTY -> BlobRows.EMPTY;
        };
    }

    private static Blob.Kind kind(int kind) {
        return kind == BlobRows.SNAPSHOT
                ? Blob.Kind.SNAPSHOT
                : kind == BlobRows.DELTA ? Blob.Kind.DELTA : Blob.Kind.EMPTY;
    }

    /** A version: 0, counter and suffix for the runtime's form; 1 and its UTF-8 text otherwise. */
    private static void version(ByteArrayOutputStream out, VersionKey v) {
        if (v.numeric()) {
            out.write(0);
            varint(out, v.counter());
            fixed(out, v.suffix());
        } else {
            byte[] text = v.raw().getBytes(StandardCharsets.UTF_8);
            out.write(1);
            varint(out, text.length);
            out.write(text, 0, text.length);
        }
    }

    private static void varint(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7FL) != 0) {
            out.write((int) (value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.write((int) value);
    }

    private static void fixed(ByteArrayOutputStream out, long value) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            out.write((int) (value >>> shift));
        }
    }

    /** Reads the stored form; anything out of place is a damaged store, named as such. */
    private static final class Reader {
        private final byte[] b;
        private final long seq;
        private int at;

        Reader(byte[] b, long seq) {
            this.b = b;
            this.seq = seq;
        }

        /** Checks the format; returns the number of blobs. */
        int start() {
            if (next() != FORMAT) {
                throw damaged("has the unknown format " + (b[0] & 0xFF));
            }
            long n = varint();
            if (n > b.length) {
                throw damaged("claims " + n + " values");
            }
            return (int) n;
        }

        void end() {
            if (at != b.length) {
                throw damaged("has " + (b.length - at) + " bytes after its values");
            }
        }

        int next() {
            check(1);
            return b[at++] & 0xFF;
        }

        long varint() {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                int x = next();
                value |= (long) (x & 0x7F) << shift;
                if ((x & 0x80) == 0) {
                    return value;
                }
            }
            throw damaged("has a number of more than 64 bits");
        }

        long fixed() {
            check(8);
            long value = 0;
            for (int i = 0; i < 8; i++) {
                value = value << 8 | (b[at++] & 0xFF);
            }
            return value;
        }

        String version() {
            int tag = next();
            if (tag == 0) {
                long counter = varint();
                return new VersionKey(counter, fixed(), "").text();
            }
            if (tag != 1) {
                throw damaged("has a version of the unknown form " + tag);
            }
            return new String(bytes(), StandardCharsets.UTF_8);
        }

        byte[] bytes() {
            long n = varint();
            check(n);
            byte[] out = new byte[(int) n];
            System.arraycopy(b, at, out, 0, out.length);
            at += out.length;
            return out;
        }

        private void check(long n) {
            if (n < 0 || n > b.length - at) {
                throw damaged("ends early");
            }
        }

        CheckpointStoreException damaged(String problem) {
            return new CheckpointStoreException(
                    "the values stored in checkpoint row " + seq + " " + problem
                            + "; the store was modified or damaged",
                    null);
        }
    }
}
