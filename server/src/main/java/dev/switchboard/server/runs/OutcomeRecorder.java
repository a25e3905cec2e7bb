package dev.switchboard.server.runs;

import dev.switchboard.runtime.NodeException;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.wire.Redacted;
import dev.switchboard.server.wire.RunStatus;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Stores how an execution ended, on its queue (which frees its thread and shows the outcome in this
 * JVM), then tells the listener of ended runs (the webhooks). When the outcome cannot be stored it
 * stores that the run failed instead, so that nobody waits forever. The {@link RunPipeline} calls it
 * once per execution and then lets the execution go.
 */
final class OutcomeRecorder {
    private static final Logger LOG = LoggerFactory.getLogger(RunPipeline.class);

    private final Registry registry;
    private final LocalRunQueue local;
    /** Told of each run executed here when its outcome is stored. */
    private volatile BiConsumer<RunRow, Outcome> ended = (run, outcome) -> {};

    /**
     * The owner to claim the next run for with an execution's outcome (see {@link
     * RunQueue#finish(Claim, RunRow, ThreadRow, Outcome, String)}), or null for none.
     */
    private final Function<Execution, String> claimNext;

    OutcomeRecorder(Registry registry, LocalRunQueue local, Function<Execution, String> claimNext) {
        this.registry = registry;
        this.local = local;
        this.claimNext = claimNext;
    }

    void onEnded(BiConsumer<RunRow, Outcome> listener) {
        this.ended = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Records an execution's outcome: {@code endValues}, the values a run that ended the graph
     * streamed last, are its answer and the thread's values as they are; a failed, paused or stopped
     * run's come from its thread's checkpoint. A failure that ends the run adds its {@code error}
     * event.
     */
    void record(Execution e, Throwable failure, JsonNode endValues) {
        Outcome o = Outcome.of(e, failure, endValues);
        if (failure != null && e.stop == null) {
            LOG.warn("{} failed: {}", e, kinds(failure));
        }
        if (o.status() == RunStatus.ERROR && failure != null) {
            e.events.add("error", o.result().get("__error__"));
        }
        recordOrFail(e, o);
    }

    /**
     * Stores the outcome; when it cannot be stored (a value the database refuses, the database away),
     * stores that the run failed, with neither values nor any database text, so that the thread
     * is free and nobody waits forever. Only when even that fails is the run left to its lease (the
     * shared queue hands it on) or, on this JVM's queue, shown failed here alone.
     */
    private void recordOrFail(Execution e, Outcome o) {
        try {
            store(e, o);
            return;
        } catch (RuntimeException first) {
            LOG.error("storing the outcome of {} failed", e, Redacted.of(first));
        }
        Outcome failed = Outcome.unstorable(o);
        try {
            store(e, failed);
        } catch (RuntimeException again) {
            LOG.error("storing that {} failed failed too", e, Redacted.of(again));
            if (e.queue == local) {
                synchronized (e.thread) {
                    local.free(e.claim);
                    failed.publish(e.run, e.thread);
                }
            }
        }
    }

    /**
     * Stores the outcome on the run's queue, which frees the thread and shows the outcome here; a
     * lost claim leaves it to the run's new owner. Under the thread's monitor, as a run's creation:
     * a run created meanwhile on the thread starts (and shows it busy) after the outcome shows.
     */
    private void store(Execution e, Outcome o) {
        // the shared queue stores the run's last events with its outcome: a reader on another JVM
        // sees the run done only with its last event
        boolean held;
        String claimFor = claimNext.apply(e);
        synchronized (e.thread) {
            RunQueue.Finished f = e.queue.finish(e.claim, e.run, e.thread, o, claimFor);
            held = f.held();
            e.next = f.next();
        }
        if (!held) {
            LOG.info("{} was taken over by another server meanwhile; its outcome is left to it", e);
            registry.reload(e.run);
            return;
        }
        try {
            ended.accept(e.run, o);
        } catch (RuntimeException failed) {
            LOG.warn("the end of {} was not told: {}", e, failed.toString());
        }
    }

    /**
     * A failure as the log names it: the classes of its chain, and the node it came from, never a
     * message (a node's exception may quote the run's input or state).
     */
    static String kinds(Throwable failure) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = failure; t != null && out.length() < 500; t = t.getCause()) {
            if (out.length() > 0) {
                out.append(" caused by ");
            }
            out.append(t.getClass().getName());
            if (t instanceof NodeException n) {
                out.append(" in node '").append(n.node()).append("' at step ").append(n.step());
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return out.toString();
    }
}
