package dev.switchboard.server.runs;

import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.wire.RunStatus;
import dev.switchboard.server.wire.ThreadStatus;
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
        thread.state(values, interrupts);
        thread.status(threadStatus);
        run.outcome(status, result);
    }
}
