package dev.switchboard.checkpoint.jdbc;

import dev.switchboard.runtime.checkpoint.ChannelVersion;

/**
 * A channel version as the blob table stores it. The runtime's versions ({@code <16-digit
 * counter>.<16 hex digits of the run's suffix>}, 33 characters) are stored as two integers, and a
 * blob's base and previous versions as integers too, the suffix left out where it is the version's
 * own: a row then repeats a few bytes instead of three 33-character strings. Any other version (an
 * older format's, or one a caller of the saver API chose) is stored as its text in {@code raw},
 * with counter -1.
 *
 * @param counter the counter, or -1 for a raw version
 * @param suffix the suffix's 64 bits, or 0 for a raw version
 * @param raw the version's text when it is not of the runtime's form, else empty
 */
record VersionKey(long counter, long suffix, String raw) {
    private static final int LENGTH = 33;
    private static final int DOT = 16;

    /** The key of a version string. */
    static VersionKey of(String version) {
        if (version.length() == LENGTH && version.charAt(DOT) == '.') {
            long counter = 0;
            long suffix = 0;
            boolean ok = true;
            for (int i = 0; i < DOT && ok; i++) {
                char c = version.charAt(i);
                ok = c >= '0' && c <= '9';
                counter = counter * 10 + (c - '0');
            }
            for (int i = DOT + 1; i < LENGTH && ok; i++) {
                int h = hex(version.charAt(i));
                ok = h >= 0;
                suffix = suffix << 4 | h;
            }
            if (ok) {
                return new VersionKey(counter, suffix, "");
            }
        }
        return new VersionKey(-1, 0, version);
    }

    /** Whether the version is of the runtime's form, stored as numbers. */
    boolean numeric() {
        return raw.isEmpty();
    }

    /** The version string. */
    String text() {
        return numeric() ? ChannelVersion.format(counter, suffixText(suffix)) : raw;
    }

    /** A suffix as its 16 hex digits. */
    static String suffixText(long suffix) {
        // A read formats the same few suffixes (a run's) thousands of times.
        Suffix last = lastSuffix;
        if (last != null && last.bits == suffix) {
            return last.text;
        }
        String digits = Long.toHexString(suffix);
        String text = digits.length() == DOT ? digits : "0".repeat(DOT - digits.length()) + digits;
        lastSuffix = new Suffix(suffix, text);
        return text;
    }

    /** The suffix formatted last; immutable, so a racing reader sees it whole, and a race only formats twice. */
    private static volatile Suffix lastSuffix;

    private record Suffix(long bits, String text) {}

    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    }
}
