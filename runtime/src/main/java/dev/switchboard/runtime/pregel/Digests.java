package dev.switchboard.runtime.pregel;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;

/**
 * The runtime's one place for hashing: task ids (MD5 name-based UUIDs), interrupt ids and node
 * cache keys (SHA-256 in lower-case hex). Digests are kept per thread because looking an algorithm
 * up for every task cost more than hashing. The output of each method is part of the stored form of
 * a thread (task ids in pending writes, interrupt ids in resume maps, cache keys), so it must never
 * change: a thread stored by an older version has to resume.
 */
final class Digests {
    private static final ThreadLocal<MessageDigest> MD5 = perThread("MD5");
    private static final ThreadLocal<MessageDigest> SHA256 = perThread("SHA-256");
    private static final HexFormat HEX = HexFormat.of();

    private Digests() {}

    /** {@link UUID#nameUUIDFromBytes} (version 3), computed with this thread's MD5 digest. */
    static UUID nameUuid(byte[] name) {
        byte[] md5 = MD5.get().digest(name);
        md5[6] = (byte) ((md5[6] & 0x0f) | 0x30);
        md5[8] = (byte) ((md5[8] & 0x3f) | 0x80);
        long msb = 0;
        long lsb = 0;
        for (int i = 0; i < 8; i++) {
            msb = (msb << 8) | (md5[i] & 0xff);
            lsb = (lsb << 8) | (md5[i + 8] & 0xff);
        }
        return new UUID(msb, lsb);
    }

    /** The SHA-256 of {@code bytes} as 64 lower-case hex digits. */
    static String sha256Hex(byte[] bytes) {
        return HEX.formatHex(SHA256.get().digest(bytes));
    }

    /**
     * The first {@code prefixBytes} bytes of the SHA-256 of {@code text}'s UTF-8 form, as lower-case
     * hex ({@code 2 * prefixBytes} digits).
     */
    static String sha256Hex(String text, int prefixBytes) {
        byte[] digest = SHA256.get().digest(text.getBytes(StandardCharsets.UTF_8));
        return HEX.formatHex(digest, 0, prefixBytes);
    }

    private static ThreadLocal<MessageDigest> perThread(String algorithm) {
        return ThreadLocal.withInitial(() -> {
            try {
                return MessageDigest.getInstance(algorithm);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JVM has " + algorithm, e);
            }
        });
    }
}
