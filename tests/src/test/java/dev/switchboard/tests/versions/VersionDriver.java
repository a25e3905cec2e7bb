package dev.switchboard.tests.versions;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import java.util.List;
import java.util.Map;

/**
 * What a test does with one version of a graph compiled in the test ({@link GraphVersions}): each
 * version's sources hold a {@code Driver} implementing this with its own generated graph, so the
 * test itself needs no reflection beyond creating the driver, and every version runs against the
 * same saver.
 */
public interface VersionDriver {
    /** Runs the graph on a thread with one user message as input; returns the thread's state after. */
    Outcome say(CheckpointSaver saver, String thread, String text);

    /** Resumes the thread's pending interrupt with a value; returns the thread's state after. */
    Outcome resume(CheckpointSaver saver, String thread, Object value);

    /** The thread's current state. */
    Outcome state(CheckpointSaver saver, String thread);

    /** The state's values at every checkpoint of the thread, newest first. */
    List<Map<String, Object>> history(CheckpointSaver saver, String thread);

    /**
     * Forks the thread: resumes the interrupt of one of its earlier checkpoints with a value (a
     * run from that checkpoint, not the head); returns the thread's state after. Versions that
     * the tests never fork from do not implement it.
     */
    default Outcome resumeFrom(CheckpointSaver saver, String thread, String checkpointId, Object value) {
        throw new UnsupportedOperationException("this version is not forked in the tests");
    }

    /** Writes an update of the messages (appended) as if {@code asNode} had made it; returns the new checkpoint id. */
    String update(CheckpointSaver saver, String thread, String message, String asNode);

    /**
     * A thread's state as plain values.
     *
     * @param values each state component's value, as its {@code toString} (so that types of any
     *     version compare across class loaders)
     * @param next the nodes the thread runs next
     * @param interrupts the values of the interrupts it is paused at, by interrupt id
     * @param checkpointId its checkpoint
     */
    record Outcome(
            Map<String, String> values, List<String> next, Map<String, Object> interrupts, String checkpointId) {}
}
