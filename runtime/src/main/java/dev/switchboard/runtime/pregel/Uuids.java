package dev.switchboard.runtime.pregel;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Time-ordered checkpoint ids (UUID version 7): the string form sorts by creation time, and ids
 * made in one JVM strictly increase even within one millisecond.
 */
final class Uuids {
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
        // Uniqueness comes from the clock and counter within a JVM and from these 62 random bits
        // across JVMs; ids are not secrets, so a fast generator is enough.
        long lsb = (ThreadLocalRandom.current().nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb);
    }

    static String runSuffix() {
        return Long.toHexString(ThreadLocalRandom.current().nextLong() | Long.MIN_VALUE);
    }
}
