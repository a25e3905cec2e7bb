package dev.switchboard.server.runs;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * The port through which the {@link RunPipeline} learns which runs to execute: it holds each
 * thread's runs (pending, running, cancelling), allows one running run per thread, applies the
 * double-texting rule ({@link Multitask}) when a run is created, and records each run's
 * transitions in its row. {@link LocalRunQueue} keeps them in this JVM; the PostgreSQL queue keeps
 * them in the database, shared by every server JVM on it, and then a claim is held under a lease
 * the owner renews. Both pass the same double-texting suite.
 */
public interface RunQueue extends AutoCloseable {
    /**
     * What {@link #submit} did.
     *
     * @param decision what the new run did to the thread's runs
     * @param claim the new run's claim, when it was taken at once for the submitting JVM; else null
     */
    record Submitted(Multitask.Decision decision, Claim claim) {}

    /** What {@link #cancel} found. */
    enum Cancelled {
        /** The run was pending: it is over now, its row says so. */
        ENDED,
        /** The run is running: it is marked cancelling; its owner stops it and records the outcome. */
        RUNNING,
        /** The run had finished already (or is unknown): nothing changed. */
        NONE
    }

    /**
     * Inserts a new pending run, its row written, after settling the thread's runs by the run's
     * multitask strategy, all under the thread's lock, so two creates on one thread (on any JVMs)
     * see each other: pending runs it ends are over at once (their rows say so), a running one it
     * cancels is marked cancelling. With a {@code claimFor} owner the new run is claimed for it in
     * the same step when its thread is free, so it starts where it was created. The run's keys are
     * merged into the thread's metadata and, when it was claimed, the thread is busy, in its row
     * with the run's (one commit on the shared queue).
     *
     * @param run the new run
     * @param thread its thread, whose monitor the caller holds
     * @param metadata the keys the run sets in its thread's metadata
     * @param claimFor the owner to claim it for when free, or null to leave it to whoever claims
     * @return what happened
     * @throws dev.switchboard.server.wire.ApiException 422 when the strategy rejects a busy thread
     *     (nothing is written)
     */
    Submitted submit(RunRow run, ThreadRow thread, ObjectNode metadata, String claimFor);

    /**
     * Claims the oldest pending run whose thread runs nothing and has no older pending run.
     *
     * @param owner the claiming JVM
     * @return the claim, or empty when nothing is free
     */
    Optional<Claim> claim(String owner);

    /**
     * Cancels a run, from any JVM: a pending one ends at once; a running one is marked cancelling
     * and its owner stops it at its next step boundary.
     *
     * @param run the run
     * @param stop why, which decides how it ends
     * @return what was found
     */
    Cancelled cancel(RunRow run, Stop stop);

    /**
     * Records a claimed run's outcome (the run's row, its thread's state fields), shows it in this
     * JVM's rows ({@link Outcome#publish}) and frees its thread, in that order, if {@code claim}
     * still holds the run; touches nothing when it was lost meanwhile. A client that saw the run end
     * then finds the thread free.
     *
     * @param claim the claim the run executed under
     * @param run the run
     * @param thread its thread
     * @param outcome how it ended
     * @return false when the claim was lost (another JVM owns the run now)
     */
    boolean finish(Claim claim, RunRow run, ThreadRow thread, Outcome outcome);

    /**
     * What {@link #finish(Claim, RunRow, ThreadRow, Outcome, String)} did.
     *
     * @param held false when the claim was lost (nothing was written)
     * @param next the run claimed in the same transaction, or null
     */
    record Finished(boolean held, Claim next) {}

    /**
     * As {@link #finish(Claim, RunRow, ThreadRow, Outcome)}, and, with {@code claimFor}, claims the
     * next free run for that owner as {@link #claim} would, in the same transaction when the queue
     * can (a JVM whose slots are all busy takes its next run with the end of the last: one commit
     * fewer per run). A queue that cannot claims nothing here, and its claimer claims as before.
     *
     * @param claim the claim the run executed under
     * @param run the run
     * @param thread its thread
     * @param outcome how it ended
     * @param claimFor the owner to claim the next run for, or null for none
     * @return whether the claim was held, and the next claim taken (null when none was free, or
     *     the claim was lost)
     */
    default Finished finish(Claim claim, RunRow run, ThreadRow thread, Outcome outcome, String claimFor) {
        return new Finished(finish(claim, run, thread, outcome), null);
    }

    /**
     * Returns a claimed run to the queue untouched: this JVM cannot execute it (its graph is not
     * served here) or is closing.
     *
     * @param claim the claim
     */
    void giveBack(Claim claim);

    /**
     * Whether the thread has a pending or running run.
     *
     * @param threadId the thread
     * @return true when busy
     */
    boolean busy(String threadId);

    /**
     * The runs of a thread not yet finished, oldest first.
     *
     * @param threadId the thread
     * @return their ids
     */
    List<String> active(String threadId);

    /**
     * A run not yet finished.
     *
     * @param runId the run
     * @param threadId its thread
     * @param running whether it runs (else it is pending)
     */
    record ActiveRun(String runId, String threadId, boolean running) {}

    /**
     * Every run not yet finished, of every thread, oldest first.
     *
     * @return the runs
     */
    List<ActiveRun> activeRuns();

    /**
     * The saver a claimed run commits through: {@code base}, fenced by the claim when other JVMs
     * may take the run over (then a commit of a claim that was lost is refused, nothing stored).
     *
     * @param claim the claim
     * @param base the server's saver
     * @return the run's saver
     */
    CheckpointSaver saver(Claim claim, CheckpointSaver base);

    /** Lets go of what the queue holds (connections); runs still held stay as they are. */
    @Override
    void close();
}
