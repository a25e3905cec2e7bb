package dev.switchboard.server.runs;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.wire.Drawing;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@link RunConfig} of a run: its thread, checkpoint metadata, breakpoints, time travel and
 * limits. Built with one copy per map, so a request with many metadata or configurable keys costs
 * time linear in its size.
 */
final class RunConfigs {
    private RunConfigs() {}

    /**
     * The run's config; {@code fromInput} false for a run continuing from its thread's last
     * checkpoint, which then ignores the request's time travel (it already branched there).
     */
    static RunConfig of(RunRow run, int attempt, boolean fromInput) {
        RunRequest req = run.request();
        RunConfig c = RunConfig.thread(run.threadId());
        Map<String, Object> metadata = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : checkpointMetadata(run, attempt).properties()) {
            JsonNode v = e.getValue();
            // checkpoint metadata holds scalars; LangGraph filters history by them
            if (v.isString() || v.isNumber() || v.isBoolean()) {
                metadata.put(e.getKey(), Json.plain(v));
            }
        }
        c = c.withMetadata(metadata);
        if (!req.interruptBefore().isEmpty()) {
            c = c.withInterruptBefore(nodes(run, req.interruptBefore()));
        }
        if (!req.interruptAfter().isEmpty()) {
            c = c.withInterruptAfter(nodes(run, req.interruptAfter()));
        }
        if (fromInput && req.checkpointId() != null) {
            c = c.withCheckpointId(req.checkpointId());
        }
        if (run.options().durability() != null) {
            c = c.withDurability(run.options().durability());
        }
        if (req.recursionLimit() != null) {
            c = c.withRecursionLimit(req.recursionLimit());
        }
        Map<String, Object> configurable = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : req.configurable().properties()) {
            Object v = Json.plain(e.getValue());
            if (v != null) {
                configurable.put(e.getKey(), v);
            }
        }
        c = c.withConfigurable(configurable);
        Object context = run.graph().context(req.context());
        if (context != null) {
            c = c.withContext(context);
        }
        return req.subgraphs() ? c.withSubgraphStreaming() : c;
    }

    /**
     * What LangGraph writes into each checkpoint's metadata: the run's metadata, its ids, and which
     * attempt at the run wrote it (a run another server took over from the queue counts on).
     */
    static ObjectNode checkpointMetadata(RunRow run, int attempt) {
        ObjectNode md = run.metadata().deepCopy();
        md.put("run_attempt", attempt);
        md.put("run_id", run.id());
        md.put("thread_id", run.threadId());
        return md;
    }

    /** {@code "*"} is every node of the graph, as in LangGraph. */
    private static String[] nodes(RunRow run, List<String> names) {
        if (names.equals(List.of("*"))) {
            List<String> all = new ArrayList<>();
            Drawing.nodes(run.graph()).forEach(n -> {
                if (!n.startsWith("__")) {
                    all.add(n);
                }
            });
            return all.toArray(String[]::new);
        }
        return names.toArray(String[]::new);
    }
}
