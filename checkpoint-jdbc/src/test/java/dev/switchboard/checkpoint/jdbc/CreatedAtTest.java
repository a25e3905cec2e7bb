package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The creation time of a checkpoint row: the form the saver writes is read without the general
 * formatter, to the same instant {@link Instant#parse} gives; every other string is left to
 * {@code parse}, so what it accepts, adjusts (a 30th of February) or refuses is unchanged.
 */
class CreatedAtTest {
    @Test
    void everyInstantTheSaverWritesReadsBackExactly() {
        SplittableRandom random = new SplittableRandom(17);
        long max = Instant.parse("9999-12-31T23:59:59.999999999Z").getEpochSecond();
        long min = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
        for (int i = 0; i < 20_000; i++) {
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant t = Instant.ofEpochSecond(random.nextLong(min, max + 1), nanos);
            assertEquals(t, CheckpointRow.canonical(t.toString()), t.toString());
        }
        for (String edge : List.of("0000-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "2024-02-29T23:59:59.999Z")) {
            assertEquals(Instant.parse(edge), CheckpointRow.canonical(edge));
        }
    }

    @Test
    void anyOtherFormIsLeftToTheGeneralParser() {
        for (String other : List.of(
                "2026-02-29T00:00:00Z",
                "2026-02-30T00:00:00Z",
                "2026-11-24T20:04:05.Z",
                "2026-04-31T00:00:00Z",
                "2026-13-01T00:00:00Z",
                "2026-00-01T00:00:00Z",
                "2026-11-24T24:00:00Z",
                "2026-11-24T23:60:00Z",
                "2026-11-24T23:59:60Z",
                "2026-11-24T20:04:05.1Z",
                "2026-11-24T20:04:05.12345Z",
                "2026-11-24t20:04:05Z",
                "2026-11-24T20:04:05+00:00",
                "+12026-11-24T20:04:05Z",
                "2026-11-24T20:04:05.12a4Z",
                "2026-1１-24T20:04:05Z",
                "",
                "not a time at all")) {
            assertNull(CheckpointRow.canonical(other), other);
        }
        assertNull(CheckpointRow.canonical(null));
    }
}
