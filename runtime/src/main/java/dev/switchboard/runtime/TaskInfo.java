package dev.switchboard.runtime;

import java.util.List;
import java.util.Objects;

/**
 * Which task a {@link RunListener} callback is about: one node execution in one superstep, with
 * the names LangGraph puts in its run metadata ({@code langgraph_node}, {@code langgraph_step},
 * {@code langgraph_triggers}, {@code langgraph_checkpoint_ns}).
 *
 * @param run the run the task belongs to
 * @param node the node's name
 * @param step the superstep number
 * @param taskId the task's id, stable across retries and resumes
 * @param attempt the attempt number, from 1
 * @param triggers the channels whose updates triggered it (or the push path of a {@code Send})
 * @param checkpointId the checkpoint the superstep started from, or {@code null} without a saver
 */
public record TaskInfo(
        RunInfo run, String node, long step, String taskId, int attempt, List<String> triggers, String checkpointId) {
    /**
     * Checks the fields.
     *
     * @param run the run
     * @param node the node name
     * @param step the superstep
     * @param taskId the task id
     * @param attempt the attempt, from 1
     * @param triggers the triggers
     * @param checkpointId the checkpoint id or {@code null}
     */
    public TaskInfo {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(taskId, "taskId");
        triggers = List.copyOf(triggers);
    }
}
