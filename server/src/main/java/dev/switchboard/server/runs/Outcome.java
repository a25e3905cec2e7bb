package dev.switchboard.server.runs;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunStatus;
import dev.switchboard.server.wire.ServedGraph;
import dev.switchboard.server.wire.ThreadStatus;
import dev.switchboard.server.wire.Wire;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How a run ended and what it left its thread: stored by the run's queue first, shown in this
 * JVM's rows only then ({@link #publish}), so a client that saw the run end finds its thread free.
 *
 * @param status the run's status
 * @param result what join answers
 * @param threadStatus the thread's status after it
 * @param values the thread's values after it
 * @param interrupts the thread's pending interrupts by task id
 */
public record Outcome(
        RunStatus status, JsonNode result, ThreadStatus threadStatus, JsonNode values, JsonNode interrupts) {
    /**
     * What is stored of a run whose outcome could not be: an error, the thread's values left out.
     *
     * @param failedToStore the outcome the store refused
     * @return the outcome to store instead
     */
    static Outcome unstorable(Outcome failedToStore) {
        JsonNode err = Json.object().put("error", "Error").put("message", "the run's outcome could not be stored");
        return new Outcome(RunStatus.ERROR, Json.object().set("__error__", err), ThreadStatus.ERROR, null, null);
    }

    /**
     * The run's row as it is to be stored.
     *
     * @param run the run
     * @return its stored JSON with this outcome
     */
    public ObjectNode runRow(RunRow run) {
        return run.storedAs(status, result);
    }

    /**
     * The thread's fields as they are to be stored.
     *
     * @param thread the thread
     * @return its state fields with this outcome
     */
    public ObjectNode threadFields(ThreadRow thread) {
        return thread.stateFieldsAs(threadStatus, values, interrupts);
    }

    /**
     * Shows the outcome in this JVM's rows: the thread's first, then the run's, which wakes whoever
     * waits for its end.
     *
     * @param run the run
     * @param thread its thread
     */
    public void publish(RunRow run, ThreadRow thread) {
        if (!thread.temporary()) { // a stateless run's thread is deleted unread
            thread.state(values, interrupts);
        }
        thread.status(threadStatus);
        run.outcome(status, result);
    }

    /**
     * How an execution ended: a run that ended the graph answers the values it streamed last (its
     * thread's values as they are, no interrupts); a failed, paused or stopped run's come from its
     * thread's checkpoint.
     */
    static Outcome of(Execution e, Throwable failure, JsonNode endValues) {
        RunRow run = e.run;
        ServedGraph g = run.graph();
        if (endValues != null && e.stop == null && failure == null) {
            // a run that ended the graph: no task is pending, so the thread has no interrupts
            return new Outcome(RunStatus.SUCCESS, endValues, ThreadStatus.IDLE, endValues, Json.object());
        }
        StateSnapshot<Object> s = read(e.thread, g);
        JsonNode values = s == null ? Json.object() : g.values(s.channels());
        JsonNode interrupts = s == null ? Json.object() : Wire.threadInterrupts(s);
        if (e.stop != null) {
            return new Outcome(
                    e.stop.runStatus(), e.stop.result(e.streamed), e.stop.threadStatus(), values, interrupts);
        }
        if (failure != null) {
            JsonNode err = Wire.error(failure);
            return new Outcome(
                    RunStatus.ERROR, Json.object().set("__error__", err), ThreadStatus.ERROR, values, interrupts);
        }
        boolean paused = s != null && !s.next().isEmpty();
        return new Outcome(
                RunStatus.SUCCESS,
                paused ? interruptResult(s) : values,
                paused ? ThreadStatus.INTERRUPTED : ThreadStatus.IDLE,
                values,
                interrupts);
    }

    private static ObjectNode interruptResult(StateSnapshot<Object> s) {
        ObjectNode out = Json.object();
        out.set("__interrupt__", Wire.interrupts(s.interrupts()));
        return out;
    }

    /** The thread's latest snapshot, or null when it cannot be read. */
    static StateSnapshot<Object> read(ThreadRow thread, ServedGraph graph) {
        try {
            return graph.graph().getState(RunConfig.thread(thread.id()));
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Reads the thread's latest checkpoint into its row (values, interrupts).
     *
     * @param thread the thread
     * @param graph the graph it runs
     */
    public static void refresh(ThreadRow thread, ServedGraph graph) {
        StateSnapshot<Object> s = read(thread, graph);
        if (s == null) {
            thread.state(Json.object(), Json.object());
        } else {
            thread.state(graph.values(s.channels()), Wire.threadInterrupts(s));
        }
    }
}
