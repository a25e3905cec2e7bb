package dev.switchboard.runtime.checkpoint;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The one rule for every string a saver stores as a key (thread ids, namespaces, checkpoint ids,
 * channel names, versions, task ids): it must be well-formed UTF-16 with no U+0000 (NUL). Every
 * saver and {@link dev.switchboard.runtime.RunConfig} check it, and reject a bad key with an
 * {@link IllegalArgumentException} that names the key and the offending position.
 *
 * <p>Why reject rather than store: databases keep text as UTF-8, where an unpaired surrogate has
 * no encoding, so drivers replace it with {@code ?} and {@code "user-\uD800"}, {@code
 * "user-\uDC00"} and {@code "user-?"} would silently become one thread; PostgreSQL cannot store NUL
 * in text at all. One rule on every backend means an id that works in tests on memory or SQLite
 * works in production on PostgreSQL, and the encrypted saver's associated data (UTF-8 as well)
 * never aliases either.
 */
public final class CheckpointKeys {
    /**
     * Keys that passed {@link #check}, by identity: every checkpoint of a run carries the same
     * channel names, node names and most of the same version strings again, and a saver checks
     * them all on every put. A string is immutable, so one that passed once passes again and need
     * not be scanned. Slots are overwritten freely and read without locking: a reference read from a
     * slot was written there only after that very string passed, so a race can only cost a scan.
     */
    private static final String[] PASSED = new String[1024];

    /** Longer keys are scanned every time rather than kept alive by {@link #PASSED}. */
    private static final int MAX_REMEMBERED = 256;

    private CheckpointKeys() {}

    /**
     * Checks one key.
     *
     * @param what what the key is, for the message ({@code "thread id"})
     * @param key the key
     * @return the key
     * @throws NullPointerException if the key is {@code null}
     * @throws IllegalArgumentException if it holds NUL or an unpaired surrogate
     */
    public static String check(String what, String key) {
        Objects.requireNonNull(key, what);
        int slot = System.identityHashCode(key) & (PASSED.length - 1);
        if (PASSED[slot] == key) {
            return key;
        }
        scan(what, key);
        if (key.length() <= MAX_REMEMBERED) {
            PASSED[slot] = key;
        }
        return key;
    }

    private static void scan(String what, String key) {
        String problem = problem(key);
        if (problem != null) {
            throw new IllegalArgumentException(what + " " + printable(key) + " holds " + problem
                    + "; checkpoint keys must be well-formed Unicode without NUL, since databases store them as"
                    + " UTF-8 text, where such a key cannot be stored or would be confused with another");
        }
    }

    /** What breaks the rule in {@code s} and where, or {@code null} if nothing does. */
    private static String problem(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 0) {
                return "NUL (U+0000) at index " + i;
            }
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return String.format("the unpaired surrogate U+%04X at index %d", (int) c, i);
            }
        }
        return null;
    }

    /**
     * Checks a metadata value (of a thread, or of a run's checkpoints) by the same rule as keys: a
     * saver stores it as UTF-8 text and filters on it there, where an unpaired surrogate would be
     * stored as {@code ?} (so a filter for {@code "u\uD800"} would also find {@code "u?"}) and
     * PostgreSQL cannot hold or compare NUL.
     *
     * @param what what the value is, for the message ({@code "metadata['user']"})
     * @param value the value
     * @return the value
     * @throws IllegalArgumentException if it holds NUL or an unpaired surrogate
     */
    public static String checkValue(String what, String value) {
        String problem = problem(Objects.requireNonNull(value, what));
        if (problem != null) {
            throw new IllegalArgumentException(what + " " + printable(value) + " holds " + problem
                    + "; metadata text must be well-formed Unicode without NUL, since savers store and filter it"
                    + " as UTF-8 text, where such a value cannot be stored or would match another");
        }
        return value;
    }

    /**
     * Checks a key that may be absent.
     *
     * @param what what the key is
     * @param key the key, or {@code null}
     * @return the key
     */
    public static String checkNullable(String what, String key) {
        return key == null ? null : check(what, key);
    }

    /**
     * Checks the keys a checkpoint and its blobs carry: its id, its channel names and versions, the
     * node names and versions it has seen.
     *
     * @param checkpoint the checkpoint
     * @param blobs its new blobs
     */
    static void checkCheckpoint(Checkpoint checkpoint, List<Blob> blobs) {
        check("checkpoint id", checkpoint.id());
        for (Map.Entry<String, ChannelVersion> e : checkpoint.channels().entrySet()) {
            check("channel name", e.getKey());
            check("channel version", e.getValue().version());
            check("channel version", e.getValue().base());
        }
        for (Map.Entry<String, Map<String, String>> n :
                checkpoint.versionsSeen().entrySet()) {
            check("node name", n.getKey());
            n.getValue().forEach((channel, version) -> {
                check("channel name", channel);
                check("channel version", version);
            });
        }
        for (Blob b : blobs) {
            check("channel name", b.channel());
            check("channel version", b.version());
            check("channel version", b.base());
            check("channel version", b.previous());
        }
    }

    /**
     * Checks everything {@link CheckpointSaver#put} stores as a key.
     *
     * @param threadId the thread
     * @param namespace the namespace
     * @param checkpoint the checkpoint
     * @param parentId its parent, or {@code null}
     * @param expectedHead the expected head, or {@code null}
     * @param blobs its new blobs
     */
    public static void checkPut(
            String threadId,
            String namespace,
            Checkpoint checkpoint,
            String parentId,
            String expectedHead,
            List<Blob> blobs) {
        check("thread id", threadId);
        check("namespace", namespace);
        Objects.requireNonNull(checkpoint, "checkpoint");
        Objects.requireNonNull(blobs, "newBlobs");
        checkNullable("parent checkpoint id", parentId);
        checkNullable("expected head", expectedHead);
        checkCheckpoint(checkpoint, blobs);
    }

    /**
     * Checks everything {@link CheckpointSaver#putWrites} stores as a key.
     *
     * @param threadId the thread
     * @param namespace the namespace
     * @param checkpointId the checkpoint
     * @param writes the writes
     */
    public static void checkWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        check("thread id", threadId);
        check("namespace", namespace);
        check("checkpoint id", checkpointId);
        Objects.requireNonNull(writes, "writes");
        for (PendingWrite w : writes) {
            check("task id", w.taskId());
            check("channel name", w.channel());
        }
    }

    /** The key with its unprintable characters escaped, so the message shows what is wrong. */
    private static String printable(String key) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x20 || Character.isSurrogate(c) || c == 0x7f) {
                out.append(String.format("\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
