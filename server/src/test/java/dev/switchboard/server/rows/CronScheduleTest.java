package dev.switchboard.server.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

/** Cron schedules as croniter reads them: next times, day rules, seconds, time zones, bad input. */
class CronScheduleTest {
    private static final ZonedDateTime AT = ZonedDateTime.parse("2026-11-28T08:30:15Z");

    private static String next(String schedule, ZonedDateTime after) {
        return CronSchedule.parse(schedule).next(after).toString();
    }

    @Test
    void fiveFieldsFireOnMinutes() {
        assertEquals("2026-11-28T08:31Z", next("* * * * *", AT));
        assertEquals("2026-11-28T08:45Z", next("*/15 * * * *", AT));
        assertEquals("2026-11-28T09:00Z", next("@hourly", AT));
        assertEquals("2026-11-29T00:00Z", next("@daily", AT));
        assertEquals("2026-12-01T00:00Z", next("0 0 1 * *", AT));
        assertEquals("2027-01-01T09:05Z", next("5 9 1 jan *", AT));
        assertEquals("2026-11-28T09:10Z", next("10,40 9-17 * * *", AT));
    }

    @Test
    void weekdaysAndDaysOfMonthEitherMatchWhenBothAreRestricted() {
        // 2026-11-28 is a Saturday
        assertEquals("2026-11-30T00:00Z", next("0 0 * * mon", AT));
        assertEquals("2026-11-29T00:00Z", next("0 0 * * 0", AT));
        assertEquals("2026-11-29T00:00Z", next("0 0 * * 7", AT));
        assertEquals("2026-11-30T00:00Z", next("0 0 13 * 1", AT)); // Monday 30th before the 13th
    }

    @Test
    void aSixthFieldIsSeconds() {
        assertEquals("2026-11-28T08:30:16Z", next("* * * * * *", AT));
        assertEquals("2026-11-28T08:30:20Z", next("* * * * * */10", AT));
    }

    @Test
    void theZoneOfTheTimeIsTheSchedules() {
        ZonedDateTime paris = AT.withZoneSameInstant(ZoneId.of("Europe/Paris"));
        assertEquals("2026-11-29T09:00+01:00[Europe/Paris]", next("0 9 * * *", paris));
    }

    @Test
    void badSchedulesNameWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CronSchedule.parse("* * *"))
                .getMessage()
                .contains("five fields"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CronSchedule.parse("61 * * * *"))
                .getMessage()
                .contains("not a value from 0 to 59"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CronSchedule.parse("0 0 30 2 *"))
                .getMessage()
                .contains("never fires"));
    }
}
