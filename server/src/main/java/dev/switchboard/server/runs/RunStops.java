package dev.switchboard.server.runs;

import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runs executing in this JVM and how they stop: a client's cancel, the runs a double text
 * replaces, a lease this JVM lost. A run executing here stops where it is (its control cancelled,
 * it commits nothing more) and its outcome is recorded; a run claimed here but not started yet
 * stops as it starts; a run another JVM executes is waited for until that JVM recorded it; a
 * pending one ends on its queue. The {@link RunPipeline} adds and removes the executions.
 */
final class RunStops {
    private static final Logger LOG = LoggerFactory.getLogger(RunPipeline.class);

    private final RunPipeline pipeline;
    private final Registry registry;
    /** The server's queue: the shared one when the database is. */
    private final RunQueue queue;

    private final RunFeeds feeds;
    private final SharedQueueNews news;
    /** The runs executing in this JVM, by run id. */
    private final Map<String, Execution> executions = new ConcurrentHashMap<>();
    /** Stops asked for runs claimed but not started yet, by run id. */
    private final Map<String, Stop> early = new ConcurrentHashMap<>();

    RunStops(RunPipeline pipeline, Registry registry, RunQueue queue, RunFeeds feeds, SharedQueueNews news) {
        this.pipeline = pipeline;
        this.registry = registry;
        this.queue = queue;
        this.feeds = feeds;
        this.news = news;
    }

    /** The execution of a run here, or null. */
    Execution execution(String runId) {
        return executions.get(runId);
    }

    /** Every execution here. */
    Collection<Execution> executions() {
        return executions.values();
    }

    /** The executions here of {@code q}'s runs. */
    List<Execution> executionsOf(RunQueue q) {
        return executions.values().stream().filter(e -> e.queue == q).toList();
    }

    /** An execution starts here: the stop asked for it before, if any, is answered (then stop it). */
    Stop started(Execution e) {
        executions.put(e.run.id(), e);
        return early.remove(e.run.id());
    }

    /** An execution ended here. */
    void ended(Execution e) {
        executions.remove(e.run.id(), e);
    }

    /** A pending run ended by the queue: its cached row (if another JVM wrote it) is read again. */
    void endedElsewhere(String runId) {
        RunRow r = registry.run(runId);
        if (r != null && !r.finished()) {
            registry.reload(r);
        }
        feeds.ended(runId);
    }

    /**
     * Stops a run executing here; a run claimed here but not started yet stops as it starts; a run
     * another JVM executes (it was marked cancelling) is waited for until that JVM recorded it.
     */
    void stopHere(String runId, Stop stop) {
        Execution e = executions.get(runId);
        if (e != null) {
            stop(e, stop);
        } else if (feeds.shared() != null
                && queue.active(registry.run(runId).threadId()).contains(runId)) {
            news.awaitStopped(runId);
        } else {
            early.put(runId, stop);
        }
    }

    /** Cancels a run (see {@link RunPipeline#cancel}) on its queue {@code q}. */
    void cancel(RunRow run, Stop stop, RunQueue q) {
        Execution e = executions.get(run.id());
        if (e != null) {
            stop(e, stop);
            return;
        }
        switch (q.cancel(run, stop)) {
            case ENDED -> endedElsewhere(run.id());
            case RUNNING -> stopHere(run.id(), stop); // claimed here and not started yet, or another JVM's
            case NONE -> {}
        }
    }

    /** Stops an execution where it is and records how; waits for a commit of it in flight. */
    void stop(Execution e, Stop stop) {
        e.stop = stop;
        e.control.cancel(); // from now on it commits nothing
        pipeline.finish(e, null, null);
    }

    /** Stops a run whose claim this JVM lost, without touching its row (another JVM's now). */
    void lost(Execution e) {
        LOG.warn("{} lost its lease: stopping it here, another server continues it", e);
        e.lost = true;
        e.control.cancel();
        pipeline.finish(e, null, null);
    }
}
