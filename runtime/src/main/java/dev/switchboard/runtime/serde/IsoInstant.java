package dev.switchboard.runtime.serde;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * Instants as the rows and the API write them, {@link Instant#toString()}'s ISO-8601 text ({@code
 * 2026-11-28T19:53:08.123456Z}), without {@link java.time.format.DateTimeFormatter}: every run's
 * rows carry three or four of them, written and read again on each create, claim, outcome and
 * reload, and the formatter's general machinery (a parse context, a map of fields, a resolver per
 * call) took a tenth of the front's CPU per run. The text is the same as {@code toString()} and
 * {@code Instant.parse} give, character for character; an instant or text outside the common shape
 * (years 0000–9999, {@code Z}, up to nine fraction digits) goes through those. The server's rows
 * and the JDBC savers' checkpoint rows (a history of 1,000 checkpoints reads 1,000 of them) use it.
 */
public final class IsoInstant {
    private static final long DAY = 86_400;
    /** Seconds of 0000-01-01T00:00:00Z and of 10000-01-01T00:00:00Z: four-digit years. */
    private static final long MIN = -62_167_219_200L;

    private static final long MAX = 253_402_300_800L;

    private IsoInstant() {}

    /**
     * The text of an instant, as {@link Instant#toString()} writes it: the fraction in groups of
     * three digits, as many as it needs, none when it is zero.
     *
     * @param t the instant
     * @return the text
     */
    public static String format(Instant t) {
        long s = t.getEpochSecond();
        if (s < MIN || s >= MAX) {
            return t.toString();
        }
        long day = Math.floorDiv(s, DAY);
        int secs = (int) Math.floorMod(s, DAY);
        LocalDate date = LocalDate.ofEpochDay(day);
        int nano = t.getNano();
        byte[] out = new byte[30];
        int n = digits(out, 0, date.getYear(), 4);
        out[n++] = '-';
        n = digits(out, n, date.getMonthValue(), 2);
        out[n++] = '-';
        n = digits(out, n, date.getDayOfMonth(), 2);
        out[n++] = 'T';
        n = digits(out, n, secs / 3600, 2);
        out[n++] = ':';
        n = digits(out, n, secs / 60 % 60, 2);
        out[n++] = ':';
        n = digits(out, n, secs % 60, 2);
        if (nano != 0) {
            out[n++] = '.';
            if (nano % 1_000_000 == 0) {
                n = digits(out, n, nano / 1_000_000, 3);
            } else if (nano % 1000 == 0) {
                n = digits(out, n, nano / 1000, 6);
            } else {
                n = digits(out, n, nano, 9);
            }
        }
        out[n++] = 'Z';
        return new String(out, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static int digits(byte[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return at + width;
    }

    /**
     * Reads the text of an instant, as {@link Instant#parse} does.
     *
     * @param text the text
     * @return the instant
     * @throws DateTimeParseException if it is not an instant
     */
    public static Instant parse(CharSequence text) {
        Instant fast = parseCommon(text);
        return fast != null ? fast : Instant.parse(text);
    }

    /** The common shape, {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z}; null for anything else. */
    private static Instant parseCommon(CharSequence t) {
        int len = t.length();
        if (len < 20
                || t.charAt(4) != '-'
                || t.charAt(7) != '-'
                || t.charAt(10) != 'T'
                || t.charAt(13) != ':'
                || t.charAt(16) != ':'
                || t.charAt(len - 1) != 'Z') {
            return null;
        }
        int year = number(t, 0, 4);
        int month = number(t, 5, 7);
        int day = number(t, 8, 10);
        int hour = number(t, 11, 13);
        int minute = number(t, 14, 16);
        int second = number(t, 17, 19);
        int nano = 0;
        if (len > 20) {
            int digits = len - 21;
            if (t.charAt(19) != '.' || digits < 1 || digits > 9) {
                return null;
            }
            nano = number(t, 20, len - 1);
            for (int i = digits; i < 9 && nano >= 0; i++) {
                nano *= 10;
            }
        }
        if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59) {
            return null;
        }
        if (second < 0 || second > 59 || nano < 0) {
            return null; // a leap second (:60) is Instant.parse's to smooth
        }
        try {
            long epochDay = LocalDate.of(year, month, day).toEpochDay();
            return Instant.ofEpochSecond(epochDay * DAY + hour * 3600L + minute * 60L + second, nano);
        } catch (DateTimeException e) {
            return null; // no such date: Instant.parse says so in its words
        }
    }

    /** The decimal number of {@code t[from, to)}, or -1 if a character is not a digit. */
    private static int number(CharSequence t, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
