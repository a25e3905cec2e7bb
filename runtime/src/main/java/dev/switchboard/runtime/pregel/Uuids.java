package dev.switchboard.runtime.pregel;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * Time-ordered checkpoint ids (UUID version 7): the string form sorts by creation time, and ids
 * made in one JVM strictly increase even within one millisecond.
 */
final class Uuids {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static long lastMillis;
    private static int counter;

    private Uuids() {}

    static synchronized UUID next() {
        long now = System.currentTimeMillis();
        if (now <= lastMillis) {
            counter++;
            if (counter > 0xFFF) {
                lastMillis++;
                counter = 0;
            }
        } else {
            lastMillis = now;
            counter = 0;
        }
        long msb = (lastMillis << 16) | 0x7000L | counter;
        long lsb = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb);
    }

    static String runSuffix() {
        return Long.toHexString(RANDOM.nextLong() | Long.MIN_VALUE);
    }
}
