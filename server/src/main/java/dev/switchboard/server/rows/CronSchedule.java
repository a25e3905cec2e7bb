package dev.switchboard.server.rows;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.BitSet;
import java.util.Locale;
import java.util.Map;

/**
 * A cron schedule as LangGraph reads one (croniter's syntax): five fields, minute hour
 * day-of-month month day-of-week, each {@code *}, a number, a range {@code a-b}, a step over a
 * range or over every value ({@code 0-30/5}, star slash 5), or a list of these; month and weekday
 * names ({@code jan}, {@code mon});
 * weekday 0 or 7 is Sunday; when both days are restricted either one matches; the macros {@code
 * @hourly}, {@code @daily}, {@code @weekly}, {@code @monthly}, {@code @yearly}; and an optional
 * sixth field of seconds, last as croniter has it ({@code * * * * * 0-59/10}: every ten seconds).
 */
public final class CronSchedule {
    private static final Map<String, String> MACROS = Map.of(
            "@hourly", "0 * * * *",
            "@daily", "0 0 * * *",
            "@midnight", "0 0 * * *",
            "@weekly", "0 0 * * 0",
            "@monthly", "0 0 1 * *",
            "@yearly", "0 0 1 1 *",
            "@annually", "0 0 1 1 *");
    private static final String[] MONTHS = {
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"
    };
    private static final String[] DAYS = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
    /** No schedule looks further than this for its next time (Feb 30 never comes). */
    private static final int MAX_YEARS = 5;

    private final String text;
    private final BitSet seconds;
    private final boolean hasSeconds;
    private final BitSet minutes;
    private final BitSet hours;
    private final BitSet days;
    private final BitSet months;
    private final BitSet weekdays;
    private final boolean anyDay;
    private final boolean anyWeekday;

    private CronSchedule(String text, String[] f) {
        this.text = text;
        this.minutes = field(f[0], 0, 59, null, 0);
        this.hours = field(f[1], 0, 23, null, 0);
        this.days = field(f[2], 1, 31, null, 0);
        this.months = field(f[3], 1, 12, MONTHS, 1);
        BitSet dow = field(f[4], 0, 7, DAYS, 0);
        if (dow.get(7)) {
            dow.set(0);
        }
        this.weekdays = dow;
        this.anyDay = f[2].equals("*") || f[2].equals("?");
        this.anyWeekday = f[4].equals("*") || f[4].equals("?");
        this.hasSeconds = f.length == 6;
        this.seconds = hasSeconds ? field(f[5], 0, 59, null, 0) : single(0);
    }

    /**
     * Parses a schedule.
     *
     * @param text the schedule
     * @return the schedule
     * @throws IllegalArgumentException naming what is wrong, when it is not one
     */
    public static CronSchedule parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("schedule is required");
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        String[] f = MACROS.getOrDefault(t, t).split("\\s+");
        if (f.length != 5 && f.length != 6) {
            throw new IllegalArgumentException("schedule '" + text
                    + "' is not a cron expression: it needs five fields (minute hour day month weekday),"
                    + " and an optional sixth of seconds");
        }
        CronSchedule s = new CronSchedule(text.trim(), f);
        if (s.next(ZonedDateTime.now(ZoneId.of("UTC"))) == null) {
            throw new IllegalArgumentException("schedule '" + text + "' never fires");
        }
        return s;
    }

    /** @return the schedule as written */
    public String text() {
        return text;
    }

    /**
     * The first time strictly after {@code after} that the schedule fires, in {@code after}'s zone.
     *
     * @param after the time
     * @return the next time, or null when none comes within five years
     */
    public ZonedDateTime next(ZonedDateTime after) {
        ZonedDateTime t = after.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        if (!hasSeconds && t.getSecond() != 0) {
            t = t.truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
        }
        ZonedDateTime limit = after.plusYears(MAX_YEARS);
        while (t.isBefore(limit)) {
            if (!months.get(t.getMonthValue())) {
                t = t.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1).plusMonths(1);
            } else if (!dayMatches(t)) {
                t = t.truncatedTo(ChronoUnit.DAYS).plusDays(1);
            } else if (!hours.get(t.getHour())) {
                t = t.truncatedTo(ChronoUnit.HOURS).plusHours(1);
            } else if (!minutes.get(t.getMinute())) {
                t = t.truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
            } else if (!seconds.get(t.getSecond())) {
                t = t.plusSeconds(1);
            } else {
                return t;
            }
        }
        return null;
    }

    private boolean dayMatches(ZonedDateTime t) {
        boolean day = days.get(t.getDayOfMonth());
        boolean weekday = weekdays.get(t.getDayOfWeek().getValue() % 7);
        if (anyDay || anyWeekday) {
            return (anyDay || day) && (anyWeekday || weekday);
        }
        return day || weekday; // both restricted: either matches, as cron has it
    }

    private static BitSet single(int v) {
        BitSet b = new BitSet();
        b.set(v);
        return b;
    }

    private static BitSet field(String f, int min, int max, String[] names, int nameBase) {
        BitSet out = new BitSet();
        for (String part : f.split(",", -1)) {
            String range = part;
            int step = 1;
            int slash = part.indexOf('/');
            if (slash >= 0) {
                range = part.substring(0, slash);
                step = number(part.substring(slash + 1), 1, max, null, 0, f);
            }
            int lo;
            int hi;
            if (range.equals("*") || range.equals("?")) {
                lo = min;
                hi = max;
            } else if (range.contains("-")) {
                String[] ab = range.split("-", 2);
                lo = number(ab[0], min, max, names, nameBase, f);
                hi = number(ab[1], min, max, names, nameBase, f);
            } else {
                lo = number(range, min, max, names, nameBase, f);
                hi = slash >= 0 ? max : lo;
            }
            if (lo > hi) {
                throw new IllegalArgumentException("cron field '" + f + "' has a range that ends before it starts");
            }
            for (int v = lo; v <= hi; v += step) {
                out.set(v);
            }
        }
        return out;
    }

    private static int number(String s, int min, int max, String[] names, int nameBase, String field) {
        if (names != null) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(s)) {
                    return i + nameBase;
                }
            }
        }
        try {
            int v = Integer.parseInt(s);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "cron field '" + field + "' holds '" + s + "', not a value from " + min + " to " + max);
    }

    @Override
    public String toString() {
        return text;
    }
}
