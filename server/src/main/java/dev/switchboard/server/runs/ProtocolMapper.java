package dev.switchboard.server.runs;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.ProtocolState;
import dev.switchboard.server.wire.ServedGraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a run's stream parts into the events of LangGraph's thread-centric streaming protocol, as
 * LangGraph's server produces them for a run started through {@code /threads/{id}/commands}:
 * {@code values} (preceded by the {@code checkpoints} envelope of its step), {@code updates}
 * (with the node), {@code tasks}, {@code custom}, {@code input.requested} for each pause, {@code
 * tools} for tool calls, {@code lifecycle} of each subgraph and node namespace, and {@code
 * messages} as content blocks (see {@link ProtocolMessages}). Each event is added to the run's
 * events as {@code method} with {@code {namespace, node?, data}}; the thread's channel numbers and
 * frames them, and adds the root's lifecycle. Not thread-safe: one per run.
 */
final class ProtocolMapper {
    private final RunRow run;
    private final RunEvents events;
    private final EventMapper tasks;
    private final ProtocolMessages messages;
    /** The namespaces whose {@code started} lifecycle event was sent, by key. */
    private final Set<String> started = new HashSet<>();
    /** The task id of each node running now, by namespace key and node. */
    private final Map<String, String> taskIds = new HashMap<>();
    /** Values held until their step's checkpoint envelope is sent, by namespace key. */
    private final Map<String, Held> held = new LinkedHashMap<>();

    private final Set<String> asked = new HashSet<>();

    private record Held(List<String> namespace, JsonNode values) {}

    ProtocolMapper(RunRow run, RunEvents events, EventMapper tasks) {
        this.run = run;
        this.events = events;
        this.tasks = tasks;
        this.messages = new ProtocolMessages(run.graph().messageChannels(), this::send, this::enter);
    }

    void emit(StreamPart<?> part) {
        emit(part, List.of());
    }

    private void emit(StreamPart<?> part, List<String> ns) {
        ServedGraph g = run.graph();
        if (part instanceof StreamPart.Namespaced<?> n) {
            List<String> inner = new ArrayList<>(ns);
            inner.addAll(n.namespace());
            emit(n.part(), inner);
            return;
        }
        if (part instanceof StreamPart.Message<?> m) {
            List<String> at = new ArrayList<>(m.namespace());
            at.add(m.node() + ":" + m.taskId());
            flush(key(at));
            messages.chunk(at, m.node(), g.forms().write(m.chunk()));
            return;
        }
        if (part instanceof StreamPart.Tool<?> t) {
            tool(t, ns);
            return;
        }
        if (part instanceof StreamPart.Checkpoint<?> c) {
            checkpoint(c, ns);
            return;
        }
        flushAll();
        if (!ns.isEmpty()) {
            enter(ns);
        }
        if (part instanceof StreamPart.Values<?> v) {
            held.put(key(ns), new Held(ns, ProtocolState.normalize(g.values(v.channels()))));
        } else if (part instanceof StreamPart.Updates<?> u) {
            JsonNode writes = g.values(u.writes());
            String task = taskIds.get(key(ns) + "\0" + u.node());
            if (task != null && writes instanceof ObjectNode channels) { // a workflow's bare value holds no messages
                List<String> at = new ArrayList<>(ns);
                at.add(u.node() + ":" + task);
                messages.finish(at, u.node(), channels);
            }
            send("updates", ns, u.node(), ProtocolState.normalize(writes));
        } else if (part instanceof StreamPart.Interrupted<?> i) {
            ask(i.interrupts(), ns);
        } else if (part instanceof StreamPart.Custom<?> c) {
            send("custom", ns, null, custom(g.forms().write(c.payload())));
        } else if (part instanceof StreamPart.TaskStart<?> t) {
            taskIds.put(key(ns) + "\0" + t.node(), t.id());
            send("tasks", ns, null, tasks.taskStart(t));
        } else if (part instanceof StreamPart.TaskResult<?> t) {
            ask(t.interrupts(), ns); // LangGraph asks before the paused task's result
            send("tasks", ns, null, tasks.taskResult(t));
            List<String> at = new ArrayList<>(ns);
            at.add(t.node() + ":" + t.id());
            messages.finishAll(at);
            leave(at, t.error() == null ? "completed" : "failed");
        }
    }

    /**
     * A tool call's moment on the {@code tools} channel, in the namespace of the node's task that
     * runs it (as LangGraph's tool events carry their task's checkpoint namespace): {@code
     * tool-started} with the input, {@code tool-output-delta} with a chunk as text, {@code
     * tool-finished} with the output, {@code tool-error} with the message. A call without an id
     * is named by its task.
     */
    private void tool(StreamPart.Tool<?> t, List<String> ns) {
        String task = taskIds.get(key(ns) + "\0" + t.node());
        List<String> at = new ArrayList<>(ns);
        at.add(t.node() + ":" + (task == null ? "" : task));
        String id = t.toolCallId() != null ? t.toolCallId() : at.get(at.size() - 1);
        JsonNode value = run.graph().forms().write(t.data());
        ObjectNode data = Json.object();
        switch (t.phase()) {
            case STARTED -> {
                data.put("event", "tool-started").put("tool_call_id", id).put("tool_name", t.name());
                data.set("input", value);
            }
            case OUTPUT ->
                data.put("event", "tool-output-delta")
                        .put("tool_call_id", id)
                        .put("delta", value.isString() ? value.asString() : value.toString());
            case FINISHED -> {
                data.put("event", "tool-finished").put("tool_call_id", id);
                data.set("output", value);
            }
            default ->
                data.put("event", "tool-error")
                        .put("tool_call_id", id)
                        .put("message", value.isString() ? value.asString() : value.toString());
        }
        enter(at);
        send("tools", at, t.node(), data);
    }

    /** One {@code input.requested} per pause not asked for yet. */
    private void ask(List<Interrupt> interrupts, List<String> ns) {
        for (Interrupt x : interrupts) {
            if (asked.add(x.id())) {
                ObjectNode data = Json.object().put("interrupt_id", x.id());
                data.set("payload", run.graph().forms().write(x.value()));
                send("input.requested", ns, null, data);
            }
        }
    }

    /** A custom payload as the protocol frames it: a named payload as it is, others under {@code payload}. */
    private static JsonNode custom(JsonNode payload) {
        if (payload.isObject() && payload.hasNonNull("name")) {
            return payload;
        }
        return Json.object().set("payload", payload);
    }

    /**
     * The lightweight checkpoint envelope, sent before the values of its step: LangGraph streams no
     * values for the input checkpoint, and so no envelope either.
     */
    private void checkpoint(StreamPart.Checkpoint<?> c, List<String> ns) {
        if (c.metadata().source() == CheckpointMetadata.Source.INPUT) {
            return;
        }
        ObjectNode env = Json.object().put("id", c.checkpointId());
        if (c.parentCheckpointId() != null) {
            env.put("parent_id", c.parentCheckpointId());
        }
        env.put("step", c.metadata().step());
        env.put("source", c.metadata().source().wireName());
        if (!ns.isEmpty()) {
            enter(ns);
        }
        send("checkpoints", ns, null, env);
        flush(key(ns));
    }

    /** Sends the held values of a namespace, if any. */
    private void flush(String nsKey) {
        Held h = held.remove(nsKey);
        if (h != null) {
            send("values", h.namespace, null, h.values);
        }
    }

    private void flushAll() {
        for (String k : List.copyOf(held.keySet())) {
            flush(k);
        }
    }

    /** Ends the run's events normally: what is held is sent, open messages finish. */
    void end() {
        flushAll();
        messages.finishAll(null);
    }

    /** Sends {@code started} for each level of {@code ns} not seen yet. */
    private void enter(List<String> ns) {
        for (int i = 1; i <= ns.size(); i++) {
            List<String> prefix = ns.subList(0, i);
            if (started.add(key(prefix))) {
                send("lifecycle", prefix, null, lifecycle("started", prefix));
            }
        }
    }

    /** Sends {@code completed} or {@code failed} for a namespace (and those under it) that started. */
    private void leave(List<String> ns, String event) {
        String k = key(ns);
        List<String> ended = new ArrayList<>();
        for (String s : started) {
            if (s.equals(k) || s.startsWith(k + "\0")) {
                ended.add(s);
            }
        }
        ended.sort((a, b) -> Integer.compare(b.length(), a.length()));
        for (String s : ended) {
            started.remove(s);
            List<String> at = List.of(s.split("\0", -1));
            send("lifecycle", at, null, lifecycle(event, at));
        }
    }

    private static ObjectNode lifecycle(String event, List<String> ns) {
        String last = ns.get(ns.size() - 1);
        int colon = last.indexOf(':');
        return Json.object().put("event", event).put("graph_name", colon < 0 ? last : last.substring(0, colon));
    }

    private void send(String method, List<String> ns, String node, JsonNode data) {
        ObjectNode params = Json.object();
        ArrayNode namespace = params.putArray("namespace");
        ns.forEach(namespace::add);
        if (node != null) {
            params.put("node", node);
        }
        params.set("data", data);
        events.add(method, params);
    }

    private static String key(List<String> ns) {
        return String.join("\0", ns);
    }

    /** Sink of protocol events: method, namespace, node (or null) and data. */
    @FunctionalInterface
    interface Sink {
        void send(String method, List<String> ns, String node, JsonNode data);
    }
}
