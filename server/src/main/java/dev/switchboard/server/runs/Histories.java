package dev.switchboard.server.runs;

import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Copies a thread's checkpoint history with the saver API alone (list, then put oldest first with
 * the blobs each checkpoint introduced, then its pending writes): for copying a thread, and for
 * dropping the checkpoints one run wrote.
 */
public final class Histories {
    private Histories() {}

    /**
     * Copies the root-namespace checkpoints of {@code from} that {@code keep} accepts to thread {@code to}.
     *
     * @param saver the saver
     * @param from the thread copied
     * @param to the new thread
     * @param keep which checkpoints to copy
     */
    public static void copy(CheckpointSaver saver, String from, String to, Predicate<CheckpointTuple> keep) {
        List<CheckpointTuple> newestFirst = saver.list(from, "", ListOptions.ALL);
        List<CheckpointTuple> kept = new ArrayList<>();
        for (int i = newestFirst.size() - 1; i >= 0; i--) {
            if (keep.test(newestFirst.get(i))) {
                kept.add(newestFirst.get(i));
            }
        }
        Set<String> written = new HashSet<>();
        String head = null;
        String parent = null;
        for (CheckpointTuple t : kept) {
            List<Blob> fresh = new ArrayList<>();
            for (Blob b : t.blobs()) {
                if (written.add(b.channel() + "@" + b.version())) {
                    fresh.add(b);
                }
            }
            String parentId = t.parentId() != null
                            && kept.stream().anyMatch(k -> k.checkpoint().id().equals(t.parentId()))
                    ? t.parentId()
                    : parent;
            saver.put(to, "", t.checkpoint(), t.metadata(), parentId, head, fresh);
            if (!t.pendingWrites().isEmpty()) {
                saver.putWrites(to, "", t.checkpoint().id(), t.pendingWrites());
            }
            head = t.checkpoint().id();
            parent = head;
        }
    }

    /** Removes the checkpoints {@code runId} wrote from {@code threadId}, keeping the others in order. */
    public static void dropRun(CheckpointSaver saver, String threadId, String runId) {
        List<CheckpointTuple> all = saver.list(threadId, "", ListOptions.ALL);
        if (all.stream().noneMatch(t -> writtenBy(t, runId))) {
            return;
        }
        String scratch = threadId + "#rewrite";
        copy(saver, threadId, scratch, t -> !writtenBy(t, runId));
        saver.deleteThread(threadId);
        copy(saver, scratch, threadId, t -> true);
        saver.deleteThread(scratch);
    }

    private static boolean writtenBy(CheckpointTuple t, String runId) {
        return runId.equals(String.valueOf(t.metadata().extra().get("run_id")));
    }
}
