package dev.switchboard.runtime;

import java.util.List;
import java.util.Objects;

/**
 * Which run a {@link RunListener} callback is about.
 *
 * @param runId a fresh id per invocation (also per subgraph invocation), to pair start and end
 * @param graph the graph's name
 * @param threadId the thread the run continues, or {@code null} for a run without checkpoints
 * @param namespace the subgraph path from the root run ({@code []} for the root run; each entry
 *     {@code node:taskId} as LangGraph names checkpoint namespaces)
 * @param parentRunId the run of the node that started this subgraph run, or {@code null} at the root
 */
public record RunInfo(String runId, String graph, String threadId, List<String> namespace, String parentRunId) {
    /**
     * Checks the fields.
     *
     * @param runId the run id
     * @param graph the graph name
     * @param threadId the thread id or {@code null}
     * @param namespace the subgraph path
     * @param parentRunId the parent run or {@code null}
     */
    public RunInfo {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(graph, "graph");
        namespace = List.copyOf(namespace);
    }

    /**
     * Whether this run is a subgraph's, started by a node of another run.
     *
     * @return {@code true} for a subgraph run
     */
    public boolean nested() {
        return parentRunId != null;
    }
}
