package dev.switchboard.runtime.pregel;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.UUID;

/**
 * Deterministic task ids: the same checkpoint, namespace, superstep, node and task path always give
 * the same id, so that a resumed run recognises the tasks whose writes were already stored.
 */
final class TaskIds {
    private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has MD5", e);
        }
    });

    private TaskIds() {}

    static String of(String checkpointId, String namespace, int step, String node, int pushIndex) {
        String key = checkpointId
                + '\u0000'
                + namespace
                + '\u0000'
                + step
                + '\u0000'
                + node
                + '\u0000'
                + (pushIndex < 0 ? "__pregel_pull" : "__pregel_push" + pushIndex);
        return nameUuid(key.getBytes(StandardCharsets.UTF_8)).toString();
    }

    /**
     * {@link UUID#nameUUIDFromBytes} (version 3) with a digest kept per thread: looking the
     * algorithm up for every task cost more than hashing.
     */
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
}
