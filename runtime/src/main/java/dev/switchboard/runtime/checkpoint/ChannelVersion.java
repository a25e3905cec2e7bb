package dev.switchboard.runtime.checkpoint;

import java.util.Locale;
import java.util.Objects;

/**
 * The version of one channel in a checkpoint and where its value is stored: the blob of
 * {@link #version()}, which is a snapshot or a delta on top of the chain that starts at the
 * snapshot {@link #base()}.
 *
 * <p>Versions are strings {@code <counter>.<suffix>}: the counter orders versions within a history
 * (it is what nodes compare), the suffix is unique per run so that two branches of a forked history
 * never store different values under the same key.
 *
 * @param version the channel's version
 * @param base the version of the snapshot blob its delta chain starts from (its own version for a
 *     snapshot)
 * @param baseBytes the size of that snapshot
 * @param chainBytes the size of the deltas stored on top of it so far
 */
public record ChannelVersion(String version, String base, long baseBytes, long chainBytes) {
    /**
     * Versions without a suffix, as the versions nodes have seen are written, by counter: every
     * checkpoint writes them for every node. Filled lazily; a race only formats a string twice.
     */
    private static final String[] PLAIN = new String[4096];

    /** Versions with a suffix formatted lately, by a hash of counter and suffix; a race only formats twice. */
    private static final Formatted[] RECENT = new Formatted[4096];

    /**
     * Checks the fields.
     *
     * @param version the version
     * @param base the snapshot version
     * @param baseBytes the snapshot size
     * @param chainBytes the delta sizes
     */
    public ChannelVersion {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(base, "base");
    }

    /**
     * The counter part of a version string.
     *
     * @param version a version string
     * @return its counter
     */
    public static long counter(String version) {
        int dot = version.indexOf('.');
        return Long.parseLong(dot < 0 ? version : version.substring(0, dot));
    }

    /**
     * Formats a version string.
     *
     * @param counter the counter
     * @param suffix the run-unique suffix
     * @return {@code counter.suffix}, zero-padded so strings sort like counters
     */
    public static String format(long counter, String suffix) {
        if (suffix.isEmpty() && counter >= 0 && counter < PLAIN.length) {
            String cached = PLAIN[(int) counter];
            if (cached == null) {
                cached = PLAIN[(int) counter] = pad(counter, suffix);
            }
            return cached;
        }
        // A history read formats each version several times (a row's channels and their bases, the
        // blobs, the next rows' channels): recent ones are kept, which also keeps their hash codes.
        int slot = (Long.hashCode(counter) * 31 + suffix.hashCode()) & (RECENT.length - 1);
        Formatted recent = RECENT[slot];
        if (recent != null && recent.counter == counter && recent.suffix.equals(suffix)) {
            return recent.text;
        }
        String text = pad(counter, suffix);
        RECENT[slot] = new Formatted(counter, suffix, text);
        return text;
    }

    /** A formatted version; immutable, so a racing reader of {@link #RECENT} sees it whole. */
    private record Formatted(long counter, String suffix, String text) {}

    private static String pad(long counter, String suffix) {
        if (counter < 0) {
            return String.format(Locale.ROOT, "%016d.%s", counter, suffix);
        }
        // By hand rather than String.format: this runs for every channel of every checkpoint, and
        // a format string is parsed each call; ASCII digits whatever the default locale.
        String digits = Long.toString(counter);
        StringBuilder out = new StringBuilder(Math.max(16, digits.length()) + 1 + suffix.length());
        for (int i = digits.length(); i < 16; i++) {
            out.append('0');
        }
        return out.append(digits).append('.').append(suffix).toString();
    }
}
