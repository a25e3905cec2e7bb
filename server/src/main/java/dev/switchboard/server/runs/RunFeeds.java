package dev.switchboard.server.runs;

import dev.switchboard.server.rows.RunRow;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the SSE events of runs are kept in this JVM and read from: each local run's events from
 * its creation (a client may stream it while it is pending) until {@link RunEvents#KEEP} after its
 * end; a run of the shared queue executing here writes its events to the shared log as well, and a
 * stream through any JVM reads that log, so every JVM numbers them alike.
 */
final class RunFeeds {
    private final Map<String, RunEvents> local = new ConcurrentHashMap<>();
    private final EventBudget budget;
    /** The shared queue's event log, or null when the queue is this JVM's. */
    private volatile SharedEvents shared;

    /** @param budgetBytes the bytes of event data the runs of this JVM keep together */
    RunFeeds(long budgetBytes) {
        this.budget = new EventBudget(budgetBytes);
    }

    void shared(SharedEvents log) {
        this.shared = log;
    }

    SharedEvents shared() {
        return shared;
    }

    /** A local run was created (or read back unfinished): its events are kept from now on. */
    void created(String runId) {
        local.put(runId, events(runId));
    }

    void created(List<RunRow> runs) {
        runs.forEach(r -> created(r.id()));
    }

    /** A local run was refused: it has no events. */
    void refused(String runId) {
        local.remove(runId);
    }

    /** A pending run ended without running: its stream ends. */
    void ended(String runId) {
        RunEvents events = local.get(runId);
        if (events != null) {
            events.close();
        }
    }

    /** The events an execution adds to: a local run's kept ones, or new ones copied to the shared log. */
    RunEvents forExecution(RunRow run, boolean localQueue) {
        if (localQueue) {
            return local.computeIfAbsent(run.id(), this::events);
        }
        RunEvents events = events(run.id());
        SharedEvents log = shared;
        if (log != null) {
            events.mirror((name, data) -> log.add(run.id(), name, data));
        }
        return events;
    }

    /**
     * Where a stream of {@code run} reads: the shared log for a run of the shared queue, unless it
     * executes here in its first attempt ({@code executing}); else its events kept here, or none.
     */
    EventFeed feed(RunRow run, Execution executing) {
        SharedEvents log = shared;
        if (log != null && !run.temporary()) {
            return executing != null && !executing.claim.resumed() ? executing.events : log.tail(run.id());
        }
        RunEvents events = local.get(run.id());
        return events != null ? events : RunEvents.gone();
    }

    private RunEvents events(String runId) {
        RunEvents[] made = new RunEvents[1];
        made[0] = new RunEvents(budget, () -> local.remove(runId, made[0]));
        return made[0];
    }
}
