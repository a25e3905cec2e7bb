package dev.switchboard.server;

import dev.switchboard.runtime.RunConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The {@link RunConfig} of a run: its thread, checkpoint metadata, breakpoints, time travel and limits. */
final class RunConfigs {
    private RunConfigs() {}

    /**
     * The run's config; {@code fromInput} false for a recovered run continuing from its thread's
     * last checkpoint, which then ignores the request's time travel (it already branched there).
     */
    static RunConfig of(ThreadRow thread, RunRow run, boolean fromInput) {
        RunRequest req = run.request;
        RunConfig c = RunConfig.thread(thread.id);
        for (Map.Entry<String, JsonNode> e : checkpointMetadata(run).properties()) {
            Object v = Json.plain(e.getValue());
            // checkpoint metadata holds scalars; LangGraph filters history by them
            if (v instanceof String || v instanceof Number || v instanceof Boolean) {
                c = c.withMetadata(e.getKey(), v);
            }
        }
        if (!req.interruptBefore().isEmpty()) {
            c = c.withInterruptBefore(nodes(run, req.interruptBefore()));
        }
        if (!req.interruptAfter().isEmpty()) {
            c = c.withInterruptAfter(nodes(run, req.interruptAfter()));
        }
        if (fromInput && req.checkpointId() != null) {
            c = c.withCheckpointId(req.checkpointId());
        }
        if (req.recursionLimit() != null) {
            c = c.withRecursionLimit(req.recursionLimit());
        }
        for (Map.Entry<String, JsonNode> e : req.configurable().properties()) {
            Object v = Json.plain(e.getValue());
            if (v != null) {
                c = c.with(e.getKey(), v);
            }
        }
        return req.subgraphs() ? c.withSubgraphStreaming() : c;
    }

    /**
     * What LangGraph writes into each checkpoint's metadata: the run's metadata, its ids, and which
     * attempt at the run wrote it (a run another server took over from the queue counts on).
     */
    static ObjectNode checkpointMetadata(RunRow run) {
        ObjectNode md = run.metadata.deepCopy();
        PostgresQueue.Claim claim = run.claim;
        md.put("run_attempt", claim == null ? 1 : claim.attempt());
        md.put("run_id", run.id);
        md.put("thread_id", run.threadId);
        return md;
    }

    /** {@code "*"} is every node of the graph, as in LangGraph. */
    private static String[] nodes(RunRow run, List<String> names) {
        if (names.equals(List.of("*"))) {
            List<String> all = new ArrayList<>();
            Assistants.drawing(run.graph).get("nodes").forEach(n -> {
                String id = n.get("id").asString();
                if (!id.startsWith("__")) {
                    all.add(id);
                }
            });
            return all.toArray(String[]::new);
        }
        return names.toArray(String[]::new);
    }
}
