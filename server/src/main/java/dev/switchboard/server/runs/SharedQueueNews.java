package dev.switchboard.server.runs;

import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import java.time.Duration;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the shared queue's worker tells this JVM's {@link RunPipeline} about runs other JVMs act on:
 * a run executing here was cancelled through another JVM, leases this JVM lost while it stalled,
 * runs that finished elsewhere; and how long a cancel here waits for another JVM to stop its run.
 */
public final class SharedQueueNews {
    private static final Logger LOG = LoggerFactory.getLogger(SharedQueueNews.class);

    private final RunPipeline pipeline;
    private final Registry registry;
    /** How long a cancel waits for another JVM to stop a run: a lease and a heartbeat. */
    private volatile Duration stopWait = Duration.ZERO;

    SharedQueueNews(RunPipeline pipeline, Registry registry) {
        this.pipeline = pipeline;
        this.registry = registry;
    }

    void stopWait(Duration wait) {
        this.stopWait = wait;
    }

    /**
     * A run executing here was cancelled through another JVM: it stops at once.
     *
     * @param runId the run
     * @param stop how it ends
     */
    public void cancelled(String runId, Stop stop) {
        Execution e = pipeline.stops().execution(runId);
        if (e != null) {
            pipeline.stops().stop(e, stop);
        }
    }

    /**
     * The leases this JVM still holds, as renewed by a beat that began at {@code since}: a run
     * claimed before then and missing from {@code held} was lost (swept back to the queue while
     * this JVM stalled); it stops without touching its row.
     *
     * @param held the runs still held
     * @param since the {@link System#nanoTime} the beat began
     */
    public void heldOnly(Set<String> held, long since) {
        for (Execution e : pipeline.sharedExecutions()) {
            if (!held.contains(e.run.id()) && e.started - since < 0) {
                pipeline.stops().lost(e);
            }
        }
    }

    /**
     * A run finished (on any JVM): what this JVM shows of it is read again. Only a run this JVM
     * holds in memory can show stale: one it never saw is read from the store when asked for, so
     * the news of it costs no read here (every JVM hears of every run's end).
     *
     * @param runId the run
     */
    public void finished(String runId) {
        RunRow run = registry.cachedRun(runId);
        if (run != null && !run.finished() && pipeline.stops().execution(runId) == null) {
            registry.reload(run);
        }
    }

    /**
     * Waits until a run another JVM executes is recorded finished (it stops at its next commit once
     * its owner hears of the cancel), so a cancel or a double text answers once the run is over, as
     * on one JVM; at most a lease and a heartbeat, after which its lease has expired anyway.
     */
    void awaitStopped(String runId) {
        RunRow run = registry.run(runId);
        try {
            if (run != null && !run.awaitFinished(stopWait.toMillis())) {
                LOG.info("{} did not stop within {}; it stops at its next commit", run, stopWait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
