package dev.switchboard.server;

import dev.switchboard.runtime.StreamPart;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a run's stream parts into LangGraph's SSE events for the modes the client asked for:
 * {@code values}, {@code updates} (an interrupt is an {@code __interrupt__} update), {@code custom},
 * {@code tasks}, {@code checkpoints}, {@code debug}, {@code messages-tuple} and {@code events}
 * (LangChain callback events, from task starts and ends). Subgraph events carry {@code |namespace}.
 */
final class EventMapper {
    private final RunRow run;
    private final Set<String> asked;
    private boolean chainStarted;

    EventMapper(RunRow run) {
        this.run = run;
        this.asked = run.request.streamModes();
    }

    void emit(StreamPart<?> part) {
        startEvents();
        emit(part, "");
    }

    private void emit(StreamPart<?> part, String ns) {
        ServedGraph g = run.graph;
        if (part instanceof StreamPart.Namespaced<?> n) {
            emit(n.part(), ns + "|" + String.join("|", n.namespace()));
        } else if (part instanceof StreamPart.Values<?> v) {
            ObjectNode values = g.values(v.channels());
            if (ns.isEmpty()) {
                run.result = values;
            }
            send("values", ns, values);
        } else if (part instanceof StreamPart.Updates<?> u) {
            send("updates", ns, Json.object().set(u.node(), g.values(u.writes())));
        } else if (part instanceof StreamPart.Interrupted<?> i) {
            send("updates", ns, Json.object().set("__interrupt__", Wire.interrupts(i.interrupts())));
        } else if (part instanceof StreamPart.Custom<?> c) {
            send("custom", ns, Json.tree(c.payload()));
        } else if (part instanceof StreamPart.Message<?> m) {
            message(m, ns);
        } else if (part instanceof StreamPart.TaskStart<?> t) {
            send("tasks", ns, taskStart(t));
            events("on_chain_start", t.node());
        } else if (part instanceof StreamPart.TaskResult<?> t) {
            send("tasks", ns, taskResult(t));
            events("on_chain_end", t.node());
        } else if (part instanceof StreamPart.Checkpoint<?> c) {
            send("checkpoints", ns, checkpoint(c));
        } else if (part instanceof StreamPart.Debug<?> d) {
            debug(d, ns);
        }
    }

    private void send(String mode, String ns, JsonNode data) {
        if (asked.contains(mode)) {
            run.events.add(mode + ns, data);
        }
    }

    private void message(StreamPart.Message<?> m, String ns) {
        ObjectNode md = Json.object();
        md.put("langgraph_node", m.node());
        md.put("langgraph_step", m.step());
        md.set("langgraph_triggers", Json.tree(m.triggers()));
        m.metadata().forEach((k, v) -> md.set(k, Json.tree(v)));
        if (asked.contains("messages-tuple")) {
            run.events.add(
                    "messages" + ns, Json.array().add(Json.tree(m.chunk())).add(md));
        }
    }

    private ObjectNode taskStart(StreamPart.TaskStart<?> t) {
        ObjectNode o = Json.object();
        o.put("id", t.id());
        o.put("name", t.node());
        o.set("input", Json.tree(t.input()));
        o.set("triggers", Json.tree(t.triggers()));
        return o;
    }

    private ObjectNode taskResult(StreamPart.TaskResult<?> t) {
        ObjectNode o = Json.object();
        o.put("id", t.id());
        o.put("name", t.node());
        if (t.error() == null) {
            o.putNull("error");
        } else {
            o.put("error", String.valueOf(t.error().getMessage()));
        }
        o.set("result", run.graph.values(t.writes()));
        o.set("interrupts", Wire.interrupts(t.interrupts()));
        return o;
    }

    private ObjectNode checkpoint(StreamPart.Checkpoint<?> c) {
        ObjectNode o = Json.object();
        ObjectNode config = o.putObject("config");
        ObjectNode configurable = config.putObject("configurable");
        configurable.put("thread_id", run.threadId);
        configurable.put("checkpoint_ns", "");
        configurable.put("checkpoint_id", c.checkpointId());
        ObjectNode md = (ObjectNode) Json.tree(c.metadata().asMap());
        md.putObject("parents");
        o.set("metadata", md);
        o.set("values", run.graph.values(c.channels()));
        o.set("next", Json.tree(c.next()));
        if (c.parentCheckpointId() == null) {
            o.putNull("parent_config");
        } else {
            ObjectNode parent = o.putObject("parent_config").putObject("configurable");
            parent.put("thread_id", run.threadId);
            parent.put("checkpoint_ns", "");
            parent.put("checkpoint_id", c.parentCheckpointId());
        }
        o.set(
                "tasks",
                Json.tree(c.tasks().stream().map(t -> List.of(t.id(), t.name())).toList()));
        return o;
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
        events("on_chain_end", "LangGraph");
    }

    private void events(String event, String name) {
        if (asked.contains("events")) {
            ObjectNode o = Json.object();
            o.put("event", event);
            o.put("name", name);
            o.put("run_id", run.id);
            o.putObject("data");
            o.putObject("metadata");
            run.events.add("events", o);
        }
    }
}
