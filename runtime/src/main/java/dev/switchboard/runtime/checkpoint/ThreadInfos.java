package dev.switchboard.runtime.checkpoint;

import java.util.Comparator;

/**
 * What every saver's thread operations share: the listing order and the argument checks, so the
 * savers order and reject the same way.
 */
public final class ThreadInfos {
    private ThreadInfos() {}

    /** Most recently active first; ties by thread id, so pages are stable. */
    public static final Comparator<ThreadInfo> NEWEST_FIRST =
            Comparator.comparing(ThreadInfo::updatedAt).reversed().thenComparing(ThreadInfo::threadId);

    /**
     * Checks the argument of {@link CheckpointSaver#prune}.
     *
     * @param keepLatest the checkpoints to keep per namespace
     * @return it
     * @throws IllegalArgumentException if it is below 1
     */
    public static int checkKeepLatest(int keepLatest) {
        if (keepLatest < 1) {
            throw new IllegalArgumentException(
                    "keepLatest must be at least 1 (1 keeps only the head), was " + keepLatest);
        }
        return keepLatest;
    }
}
