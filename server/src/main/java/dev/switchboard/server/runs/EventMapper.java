package dev.switchboard.server.runs;

import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.MessagesMode;
import dev.switchboard.server.wire.ServedGraph;
import dev.switchboard.server.wire.Wire;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a run's stream parts into LangGraph's SSE events for the modes the client asked for:
 * {@code values}, {@code updates} (an interrupt is an {@code __interrupt__} update), {@code custom},
 * {@code tasks}, {@code checkpoints}, {@code debug}, {@code messages-tuple}, {@code messages} (see
 * {@link MessagesMode}) and {@code events} (LangChain callback events, from task starts and ends).
 * Streamed chunks carry LangGraph's metadata: the run's, the node, step, triggers, path and
 * checkpoint namespace ({@code node:taskId}). Subgraph events carry {@code |namespace}.
 */
final class EventMapper {
    private final Execution execution;
    private final RunRow run;
    private final RunEvents events;
    private final int attempt;
    private final Set<String> asked;
    private final MessagesMode messages;
    private boolean chainStarted;
    /** The root graph's last streamed values: at a normal end, the thread's state (see {@link #endValues}). */
    private JsonNode lastValues;

    private boolean paused;
    /** The protocol's events instead of the run API's, for a run started through the thread protocol; else null. */
    private final ProtocolMapper protocol;
    /** An unwatched run's last root values, as streamed (see {@link #unwatched}). */
    private Map<String, Object> lastChannels;

    EventMapper(Execution execution) {
        this.execution = execution;
        this.run = execution.run;
        this.events = execution.events;
        this.attempt = execution.claim.attempt();
        this.asked = run.request().streamModes();
        this.messages = new MessagesMode(run.graph().messageChannels(), events::add);
        this.protocol = run.protocol() ? new ProtocolMapper(run, events, this) : null;
    }

    void emit(StreamPart<?> part) {
        if (execution.here) {
            unwatched(part);
            return;
        }
        if (protocol != null) {
            track(part);
            protocol.emit(part);
            return;
        }
        startEvents();
        emit(part, "");
    }

    /** What a protocol run's end needs of its parts: its last root values and whether it paused. */
    private void track(StreamPart<?> part) {
        if (part instanceof StreamPart.Values<?> v) {
            JsonNode values = run.graph().values(v.channels());
            execution.streamed = values;
            lastValues = values;
        } else if (part instanceof StreamPart.Interrupted<?>
                || part instanceof StreamPart.Namespaced<?> n && n.part() instanceof StreamPart.Interrupted<?>) {
            paused = true;
        }
    }

    /**
     * A run only its own request waits for (a stateless wait: nobody can stream or join it) records
     * no events; only its last values count, turned into JSON once, at its end.
     */
    private void unwatched(StreamPart<?> part) {
        if (part instanceof StreamPart.Values<?> v) {
            lastChannels = v.channels();
        } else if (part instanceof StreamPart.Interrupted<?>
                || part instanceof StreamPart.Namespaced<?> n && n.part() instanceof StreamPart.Interrupted<?>) {
            paused = true;
        }
    }

    private void emit(StreamPart<?> part, String ns) {
        ServedGraph g = run.graph();
        if (part instanceof StreamPart.Namespaced<?> n) {
            emit(n.part(), ns + "|" + String.join("|", n.namespace()));
        } else if (part instanceof StreamPart.Values<?> v) {
            JsonNode values = g.values(v.channels());
            if (ns.isEmpty()) {
                execution.streamed = values;
                lastValues = values;
                if (asked.contains("messages") && values instanceof ObjectNode channels) {
                    messages.complete(channels); // a workflow's bare value holds no message channel
                }
            }
            send("values", ns, values);
        } else if (part instanceof StreamPart.Updates<?> u) {
            // asked of the runtime always (interrupts come as updates), but turned into JSON only
            // when the client asked for them: a node's writes, converted for nobody, cost as much
            // as the values event
            if (asked.contains("updates")) {
                send("updates", ns, Json.object().set(u.node(), g.values(u.writes())));
            }
        } else if (part instanceof StreamPart.Interrupted<?> i) {
            // the runtime reports an interrupt once per mode that shows it; each is its mode's event
            paused = true;
            String mode = i.mode() == StreamMode.VALUES ? "values" : "updates";
            send(mode, ns, Json.object().set("__interrupt__", Wire.interrupts(i.interrupts())));
        } else if (part instanceof StreamPart.Custom<?> c) {
            if (asked.contains("custom")) {
                send("custom", ns, g.forms().write(c.payload()));
            }
        } else if (part instanceof StreamPart.Tool<?> t) {
            if (asked.contains("tools")) {
                send("tools", ns, tool(t));
            }
        } else if (part instanceof StreamPart.Message<?> m) {
            message(m, ns);
        } else if (part instanceof StreamPart.TaskStart<?> t) {
            if (asked.contains("tasks")) {
                send("tasks", ns, taskStart(t));
            }
            events("on_chain_start", t.node());
        } else if (part instanceof StreamPart.TaskResult<?> t) {
            if (asked.contains("tasks")) {
                send("tasks", ns, taskResult(t));
            }
            events("on_chain_end", t.node());
        } else if (part instanceof StreamPart.Checkpoint<?> c) {
            if (asked.contains("checkpoints")) {
                send("checkpoints", ns, checkpointEvent(c));
            }
        } else if (part instanceof StreamPart.Debug<?> d) {
            debug(d, ns);
        }
    }

    private void send(String mode, String ns, JsonNode data) {
        if (asked.contains(mode)) {
            events.add(mode + ns, data);
        }
    }

    private void message(StreamPart.Message<?> m, String ns) {
        JsonNode chunk = run.graph().forms().write(m.chunk());
        ObjectNode md = messageMetadata(m);
        if (asked.contains("messages-tuple")) {
            ObjectNode withTags = md.deepCopy();
            withTags.putArray("tags");
            events.add("messages" + ns, Json.array().add(chunk).add(withTags));
        }
        if (asked.contains("messages")) {
            messages.partial(chunk, md);
        }
    }

    /**
     * LangGraph's metadata of a streamed chunk: the run's checkpoint metadata and where the chunk
     * came from. A chunk's own metadata is kept, but for {@code message_id}, which the chunk
     * itself carries as its {@code id}.
     */
    private ObjectNode messageMetadata(StreamPart.Message<?> m) {
        ObjectNode md = RunConfigs.checkpointMetadata(run, attempt);
        m.metadata().forEach((k, v) -> {
            if (!k.equals("message_id")) {
                md.set(k, run.graph().forms().write(v));
            }
        });
        List<String> path = new ArrayList<>(m.namespace());
        path.add(m.node() + ":" + m.taskId());
        String checkpointNs = String.join("|", path);
        md.put("checkpoint_ns", checkpointNs);
        md.put("langgraph_checkpoint_ns", checkpointNs);
        md.put("langgraph_node", m.node());
        md.set("langgraph_path", Json.array().add("__pregel_pull").add(m.node()));
        md.put("langgraph_step", m.step());
        md.set("langgraph_triggers", Json.tree(m.triggers()));
        return md;
    }

    /**
     * A tool call's moment as LangGraph.js's {@code tools} mode streams it: {@code on_tool_start}
     * with the input, {@code on_tool_event} with a chunk, {@code on_tool_end} with the output,
     * {@code on_tool_error} with the error.
     */
    private ObjectNode tool(StreamPart.Tool<?> t) {
        ObjectNode o = Json.object();
        String field;
        switch (t.phase()) {
            case STARTED -> {
                o.put("event", "on_tool_start");
                field = "input";
            }
            case OUTPUT -> {
                o.put("event", "on_tool_event");
                field = "data";
            }
            case FINISHED -> {
                o.put("event", "on_tool_end");
                field = "output";
            }
            default -> {
                o.put("event", "on_tool_error");
                field = "error";
            }
        }
        o.put("toolCallId", t.toolCallId());
        o.put("name", t.name());
        o.set(field, run.graph().forms().write(t.data()));
        return o;
    }

    ObjectNode taskStart(StreamPart.TaskStart<?> t) {
        ObjectNode o = Json.object();
        o.put("id", t.id());
        o.put("name", t.node());
        o.set("input", run.graph().forms().write(t.input()));
        o.set("triggers", Json.tree(t.triggers()));
        o.putArray("interrupts");
        ObjectNode md = RunConfigs.checkpointMetadata(run, attempt);
        md.remove("thread_id");
        o.set("metadata", md);
        return o;
    }

    /** LangGraph's task result: its writes to state channels, its interrupts, its error or null. */
    ObjectNode taskResult(StreamPart.TaskResult<?> t) {
        ObjectNode o = Json.object();
        o.put("id", t.id());
        o.put("name", t.node());
        o.set("result", run.graph().values(t.writes()));
        o.set("interrupts", Wire.interrupts(t.interrupts()));
        if (t.error() == null) {
            o.putNull("error");
        } else {
            o.set("error", Wire.error(t.error()));
        }
        return o;
    }

    /**
     * The {@code checkpoints} mode's event as LangGraph's server sends it: the checkpoint's values,
     * metadata and next nodes (the debug mode's payload is the whole checkpoint).
     */
    private ObjectNode checkpointEvent(StreamPart.Checkpoint<?> c) {
        ObjectNode o = Json.object();
        o.set("values", run.graph().values(c.channels()));
        ObjectNode md = o.putObject("metadata");
        md.put("source", c.metadata().source().wireName());
        md.put("step", c.metadata().step());
        md.putObject("parents");
        o.set("next", Json.tree(c.next()));
        return o;
    }

    /** LangGraph's checkpoint payload (debug and checkpoints modes): the checkpoint, its config and its parent's. */
    private ObjectNode checkpoint(StreamPart.Checkpoint<?> c) {
        ObjectNode o = Json.object();
        o.set("checkpoint", Wire.checkpoint(run.threadId(), c.checkpointId(), true));
        o.set("config", config(c.checkpointId()));
        ObjectNode md = o.putObject("metadata");
        md.putObject("parents");
        md.put("source", c.metadata().source().wireName());
        md.put("step", c.metadata().step());
        o.set("values", run.graph().values(c.channels()));
        o.set("next", Json.tree(c.next()));
        if (c.parentCheckpointId() == null) {
            o.putNull("parent_checkpoint");
        } else {
            o.set("parent_checkpoint", Wire.checkpoint(run.threadId(), c.parentCheckpointId(), true));
            o.set("parent_config", config(c.parentCheckpointId()));
        }
        ArrayNode tasks = o.putArray("tasks");
        for (StreamPart.Checkpoint.TaskRef t : c.tasks()) {
            ObjectNode task = tasks.addObject();
            task.put("id", t.id());
            task.put("name", t.name());
            task.set("path", Json.tree(t.path()));
            task.putArray("interrupts");
        }
        return o;
    }

    private ObjectNode config(String checkpointId) {
        ObjectNode config = Json.object();
        ObjectNode configurable = config.putObject("configurable");
        configurable.put("assistant_id", run.assistantId());
        configurable.put("checkpoint_id", checkpointId);
        configurable.put("checkpoint_ns", "");
        configurable.put("graph_id", run.graph().graphId());
        configurable.put("run_id", run.id());
        configurable.put("thread_id", run.threadId());
        config.set("metadata", RunConfigs.checkpointMetadata(run, attempt));
        Integer limit = run.request().recursionLimit();
        config.put("recursion_limit", limit == null ? 25 : limit);
        config.putArray("tags");
        return config;
    }

    private void debug(StreamPart.Debug<?> d, String ns) {
        String type;
        JsonNode payload;
        if (d.payload() instanceof StreamPart.Checkpoint<?> c) {
            type = "checkpoint";
            payload = checkpoint(c);
        } else if (d.payload() instanceof StreamPart.TaskStart<?> t) {
            type = "task";
            payload = taskStart(t);
        } else if (d.payload() instanceof StreamPart.TaskResult<?> t) {
            type = "task_result";
            payload = taskResult(t);
        } else {
            return;
        }
        ObjectNode o = Json.object();
        o.put("step", d.step());
        o.put("timestamp", d.timestamp().toString());
        o.put("type", type);
        o.set("payload", payload);
        send("debug", ns, o);
    }

    private void startEvents() {
        if (!chainStarted) {
            chainStarted = true;
            events("on_chain_start", "LangGraph");
        }
    }

    /** Ends the {@code events} mode's outer chain; called when the run finished normally. */
    void end() {
        if (protocol != null) {
            protocol.end();
            return;
        }
        events("on_chain_end", "LangGraph");
    }

    /**
     * The values of the checkpoint the run ended the graph with, when its stream ended normally:
     * the root graph streams its values after every step that changes them, and the loop only ends
     * without a pause once no task is left, so the last values are the final checkpoint's. Null when
     * the run paused (its answer and the thread's interrupts need the checkpoint's pending tasks)
     * or streamed no values.
     */
    JsonNode endValues() {
        if (lastChannels != null) {
            lastValues = run.graph().values(lastChannels);
            lastChannels = null;
        }
        return paused ? null : lastValues;
    }

    private void events(String event, String name) {
        if (asked.contains("events")) {
            ObjectNode o = Json.object();
            o.put("event", event);
            o.put("name", name);
            o.put("run_id", run.id());
            o.putObject("data");
            o.putObject("metadata");
            events.add("events", o);
        }
    }
}
