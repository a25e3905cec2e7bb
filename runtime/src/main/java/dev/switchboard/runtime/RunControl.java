package dev.switchboard.runtime;

import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Stops one run from outside, LangGraph's cancel: give it to a run with {@link
 * RunConfig#withControl}, call {@link #cancel()} from any thread. The run checks it at every
 * superstep boundary (no new superstep starts once cancelled) and before each of its commits
 * (checkpoints and pending writes), so a superstep under way when the cancel came is not committed:
 * the thread keeps exactly the supersteps that were committed before, and a later run continues
 * from there. The run then ends with a {@link CancellationException}.
 *
 * <p>{@link #cancel()} is a barrier: it waits for a commit in flight to finish, and once it has
 * returned no commit of the run starts. A server can therefore answer "cancelled" and know that
 * nothing of the run lands afterwards. Thread-safe; one control per run.
 */
public final class RunControl {
    /** Commits hold it shared; {@link #cancel()} takes it exclusively, once, to wait for them. */
    private final ReentrantReadWriteLock gate = new ReentrantReadWriteLock();

    private volatile boolean cancelled;

    /** A control for one run, not cancelled. */
    public RunControl() {}

    /**
     * Cancels the run: no superstep starts and nothing is committed from now on. Returns once a
     * commit that was in flight has finished (called from inside such a commit, by a listener say,
     * it returns at once). Cancelling again does nothing.
     */
    public void cancel() {
        if (gate.getReadHoldCount() > 0) {
            cancelled = true; // inside a commit of this run: waiting for it would wait for ourselves
            return;
        }
        gate.writeLock().lock();
        try {
            cancelled = true;
        } finally {
            gate.writeLock().unlock();
        }
    }

    /**
     * Whether {@link #cancel()} was called.
     *
     * @return true once cancelled
     */
    public boolean cancelled() {
        return cancelled;
    }

    /**
     * Throws if the run was cancelled; the runtime calls it at each superstep boundary.
     *
     * @throws CancellationException if {@link #cancel()} was called
     */
    public void check() {
        if (cancelled) {
            throw new CancellationException("the run was cancelled");
        }
    }

    /**
     * Runs a commit of the run unless it was cancelled, holding off {@link #cancel()} until it
     * returns: what it stores lands before a cancel returns, or not at all. The runtime wraps each
     * checkpoint and pending-write commit in it; a node can wrap a side effect that must not happen
     * once the run was cancelled.
     *
     * @param <T> what the commit answers
     * @param commit the work
     * @return what {@code commit} answered
     * @throws CancellationException if the run was cancelled (then {@code commit} did not run)
     */
    public <T> T whileRunning(Supplier<T> commit) {
        gate.readLock().lock();
        try {
            check();
            return commit.get();
        } finally {
            gate.readLock().unlock();
        }
    }

    /**
     * {@link #whileRunning(Supplier)} for work that answers nothing.
     *
     * @param commit the work
     * @throws CancellationException if the run was cancelled (then {@code commit} did not run)
     */
    public void whileRunning(Runnable commit) {
        whileRunning(() -> {
            commit.run();
            return null;
        });
    }

    @Override
    public String toString() {
        return cancelled ? "RunControl[cancelled]" : "RunControl[running]";
    }
}
