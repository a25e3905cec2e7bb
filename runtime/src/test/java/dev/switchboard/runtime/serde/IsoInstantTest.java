package dev.switchboard.runtime.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Instants as {@link Instant#toString()} writes them are written and read back without the general
 * formatter; every other text reads as {@link Instant#parse} reads it, or is refused as it refuses.
 */
class IsoInstantTest {
    @Test
    void writesAndReadsWhatInstantWritesAndReads() {
        SplittableRandom random = new SplittableRandom(29);
        for (int i = 0; i < 200_000; i++) {
            long second = random.nextLong(-70_000_000_000L, 260_000_000_000L);
            int nano = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant t = Instant.ofEpochSecond(second, nano);
            String text = IsoInstant.format(t);
            assertEquals(t.toString(), text);
            assertEquals(t, IsoInstant.parse(text));
        }
    }

    @Test
    void readsOtherShapesAndRefusesWhatInstantParseRefuses() {
        for (String text : List.of(
                "2026-11-28T19:53:08Z",
                "2026-11-28T19:53:08.1Z",
                "2026-11-28T19:53:08.12Z",
                "2026-11-28T19:53:08.1234Z",
                "2026-11-28T19:53:08.12345678Z",
                "2026-11-28T19:53:08.Z",
                "0000-01-01T00:00:00Z",
                "9999-12-31T23:59:59.999999999Z",
                "2024-02-29T00:00:00Z",
                "1969-12-31T23:59:59.999Z",
                "+10000-01-01T00:00:00Z",
                "2026-11-28T19:53:08+01:00",
                "2016-12-31T23:59:60Z",
                "2026-11-28T24:00:00Z",
                "2026-02-30T00:00:00Z",
                "2026-13-01T00:00:00Z",
                "2026-11-28T19:53:08.1234567890Z",
                "2026-02-29T00:00:00Z",
                "2026-04-31T00:00:00Z",
                "2026-00-01T00:00:00Z",
                "2026-11-24T23:60:00Z",
                "2026-11-24t20:04:05Z",
                "+12026-11-24T20:04:05Z",
                "2026-11-24T20:04:05.12a4Z",
                "2026-1１-24T20:04:05Z",
                "not a time at all",
                "2026-11-28 19:53:08Z",
                "2026-1x-28T19:53:08Z",
                "")) {
            Instant expected;
            try {
                expected = Instant.parse(text);
            } catch (DateTimeParseException refused) {
                assertThrows(DateTimeParseException.class, () -> IsoInstant.parse(text), text);
                continue;
            }
            assertEquals(expected, IsoInstant.parse(text), text);
        }
    }
}
