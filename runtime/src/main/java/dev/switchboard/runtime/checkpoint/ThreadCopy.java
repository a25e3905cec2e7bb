package dev.switchboard.runtime.checkpoint;

import java.util.List;

/**
 * Copies a thread through the public operations of a saver, so that every saver copies the same
 * way and a wrapping saver (encryption) re-seals each value under the new thread's identity:
 * each namespace's checkpoints oldest first, each with its blobs, parent link, metadata and pending
 * writes, so the copy's heads are the source's.
 */
final class ThreadCopy {
    private ThreadCopy() {}

    static void copy(CheckpointSaver saver, String from, String to) {
        CheckpointKeys.check("from", from);
        CheckpointKeys.check("to", to);
        if (from.equals(to)) {
            throw new IllegalArgumentException("cannot copy thread '" + from + "' onto itself; name another target");
        }
        if (saver.getThread(to).isPresent() || !saver.namespaces(to).isEmpty()) {
            throw new IllegalArgumentException(
                    "target thread '" + to + "' already exists; delete it first or copy to a new id");
        }
        ThreadInfo source = saver.getThread(from)
                .orElseThrow(() -> new IllegalArgumentException("source thread '" + from + "' does not exist"));
        try {
            for (String namespace : saver.namespaces(from)) {
                copyNamespace(saver, from, to, namespace);
            }
            saver.updateThreadMetadata(to, source.metadata());
        } catch (RuntimeException e) {
            saver.deleteThread(to); // a failed copy leaves nothing behind
            throw e;
        }
    }

    private static void copyNamespace(CheckpointSaver saver, String from, String to, String namespace) {
        List<CheckpointTuple> newestFirst = saver.list(from, namespace, ListOptions.ALL);
        String head = null;
        for (int i = newestFirst.size() - 1; i >= 0; i--) {
            CheckpointTuple t = newestFirst.get(i);
            saver.put(to, namespace, t.checkpoint(), t.metadata(), t.parentId(), head, t.blobs());
            head = t.checkpoint().id();
            if (!t.pendingWrites().isEmpty()) {
                saver.putWrites(to, namespace, head, t.pendingWrites());
            }
        }
    }
}
