package dev.switchboard.server.api;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.server.protocol.EventFilter;
import dev.switchboard.server.protocol.ThreadChannel;
import dev.switchboard.server.protocol.ThreadChannels;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.ServedGraph;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The commands of LangGraph's thread-centric streaming protocol, whatever carries them ({@code
 * POST /threads/{id}/commands} or a WebSocket): {@code run.start} (a new run, or the resume of a
 * paused one), {@code input.respond} (answers to pauses by interrupt id, with an optional state
 * update and jump), {@code input.inject} (a message queued as the thread's next input), {@code
 * state.get}, {@code state.listCheckpoints}, {@code state.fork} (a run from an earlier checkpoint),
 * {@code agent.getTree} and the subscription commands. Each answers {@code {type: "success", id,
 * result, meta}} or {@code {type: "error", id, error, message}} with the protocol's error codes.
 */
final class ThreadCommands {
    /** The stream modes of a protocol run, as LangGraph's server asks for them. */
    private static final List<String> MODES = List.of("values", "updates", "messages-tuple", "custom", "tasks");

    private final Registry registry;
    private final Assistants assistants;
    private final Runs runs;
    private final ThreadChannels channels;

    ThreadCommands(Registry registry, Assistants assistants, Runs runs, ThreadChannels channels) {
        this.registry = registry;
        this.assistants = assistants;
        this.runs = runs;
        this.channels = channels;
    }

    /** A protocol error, answered as {@code {type: "error"}}. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String code;

        Refused(String code, String message) {
            super(message, null, false, false);
            this.code = code;
        }
    }

    /**
     * Answers one command.
     *
     * @param threadId the thread
     * @param owner the caller, or null without authentication
     * @param command the command ({@code id}, {@code method}, {@code params})
     * @param subscriptions what the transport does with subscription commands, or null for none
     * @return the response
     */
    ObjectNode handle(String threadId, String owner, ObjectNode command, Subscriptions subscriptions) {
        long id = command.get("id").asLong();
        String method = command.get("method").asString();
        JsonNode params = command.path("params").isObject() ? command.get("params") : Json.object();
        ThreadChannel channel = channels.channel(threadId);
        try {
            JsonNode result = switch (method) {
                case "run.start" -> runStart(channel, owner, params);
                case "input.respond" -> respond(channel, owner, params);
                case "input.inject" -> inject(channel, owner, params);
                case "state.get" -> stateGet(threadId, owner, params);
                case "state.listCheckpoints" -> listCheckpoints(threadId, owner, params);
                case "state.fork" -> fork(channel, owner, params);
                case "agent.getTree" -> tree(threadId, owner);
                case "subscription.subscribe" -> subscribe(params, subscriptions);
                case "subscription.unsubscribe" -> unsubscribe(params, subscriptions);
                case "subscription.reconnect" ->
                    throw new Refused("not_supported", "subscription.reconnect is not supported: reconnect with since");
                default -> throw new Refused("unknown_command", "Unknown protocol command: " + method);
            };
            ObjectNode out = Json.object().put("type", "success").put("id", id);
            out.set("result", result);
            out.set("meta", meta(channel));
            return out;
        } catch (Refused e) {
            return error(id, e.code, e.getMessage(), meta(channel));
        } catch (ApiException e) {
            String code = e.status() == 404 ? "no_such_run" : "invalid_argument";
            if (e.status() == 404 && e.getMessage().startsWith("Assistant")) {
                code = "invalid_argument";
            }
            return error(id, code, e.getMessage(), meta(channel));
        }
    }

    static ObjectNode error(Long id, String code, String message, ObjectNode meta) {
        ObjectNode out = Json.object().put("type", "error");
        if (id == null) {
            out.putNull("id");
        } else {
            out.put("id", id);
        }
        out.put("error", code).put("message", message);
        if (meta != null) {
            out.set("meta", meta);
        }
        return out;
    }

    private static ObjectNode meta(ThreadChannel channel) {
        return Json.object().put("thread_id", channel.threadId()).put("applied_through_seq", channel.seq());
    }

    private JsonNode runStart(ThreadChannel channel, String owner, JsonNode params) {
        String assistant = Json.text(params, "assistant_id");
        if (assistant == null || assistant.isEmpty()) {
            throw new Refused("invalid_argument", "run.start requires an assistant_id.");
        }
        ServedGraph g = assistants.find(assistant);
        bind(channel, assistant);
        JsonNode input = params.get("input");
        ObjectNode body = body(g, params);
        if (input != null
                && !input.isNull()
                && !pending(channel.threadId(), owner, g).isEmpty()) {
            body.putObject("command").set("resume", input);
        } else if (input != null) {
            body.set("input", input);
        }
        String strategy = Json.text(params, "multitaskStrategy");
        if (strategy != null
                && Set.of("reject", "rollback", "interrupt", "enqueue").contains(strategy)) {
            body.put("multitask_strategy", strategy);
        }
        RunRow run = start(channel, owner, body);
        return Json.object().put("run_id", run.id());
    }

    private void bind(ThreadChannel channel, String assistant) {
        String bound = channel.bind(assistant);
        if (bound != null) {
            throw new Refused(
                    "invalid_argument",
                    "Thread " + channel.threadId() + " is bound to assistant " + bound + "; cannot run " + assistant
                            + ".");
        }
    }

    /** The run body every protocol run has; config, metadata and a fork's checkpoint from the params. */
    private static ObjectNode body(ServedGraph g, JsonNode params) {
        ObjectNode body = Json.object();
        body.put("assistant_id", g.graphId());
        ObjectNode config = params.path("config").isObject()
                ? (ObjectNode) params.get("config").deepCopy()
                : null;
        if (config != null) {
            String checkpoint = Json.text(config.path("configurable"), "checkpoint_id");
            if (checkpoint != null) {
                body.put("checkpoint_id", checkpoint); // the SDK's forkFrom
                ((ObjectNode) config.get("configurable")).remove("checkpoint_id");
            }
            body.set("config", config);
        }
        if (params.path("metadata").isObject()) {
            body.set("metadata", params.get("metadata"));
        }
        body.set("stream_mode", Json.tree(MODES));
        body.put("stream_subgraphs", true);
        body.put("stream_resumable", true);
        body.put("if_not_exists", "create");
        body.put("multitask_strategy", "enqueue");
        body.put(RunRow.PROTOCOL_RUN, true);
        return body;
    }

    private RunRow start(ThreadChannel channel, String owner, ObjectNode body) {
        RunRow run = runs.submit(owner, channel.threadId(), body);
        channel.follow(run);
        return run;
    }

    /** The ids of the interrupts the thread waits on (none for an unknown thread). */
    private List<String> pending(String threadId, String owner, ServedGraph g) {
        if (registry.thread(threadId, owner) == null) {
            return List.of();
        }
        StateSnapshot<Object> s = g.graph().getState(RunConfig.thread(threadId));
        return s.interrupts().stream().map(i -> i.id()).toList();
    }

    private JsonNode respond(ThreadChannel channel, String owner, JsonNode params) {
        ObjectNode answers = Json.object();
        if (params.path("responses").isArray()) {
            for (JsonNode entry : params.get("responses")) {
                String iid = Json.text(entry, "interrupt_id");
                if (iid == null) {
                    throw new Refused("invalid_argument", "input.respond responses entries require an interrupt_id.");
                }
                answers.set(iid, entry.get("response"));
            }
            if (answers.isEmpty()) {
                throw new Refused("invalid_argument", "input.respond requires at least one response.");
            }
        } else if (Json.text(params, "interrupt_id") != null) {
            answers.set(Json.text(params, "interrupt_id"), params.get("response"));
        } else {
            throw new Refused("invalid_argument", "input.respond requires an interrupt_id.");
        }
        ServedGraph g = graph(channel, owner);
        List<String> pending = pending(channel.threadId(), owner, g);
        if (pending.isEmpty()) {
            throw new Refused("invalid_argument", "input.respond can only be used while the run is interrupted.");
        }
        for (String iid : answers.propertyNames()) {
            if (!pending.contains(iid)) {
                throw new Refused("no_such_interrupt", "No pending interrupt " + iid + " on this thread.");
            }
        }
        ObjectNode body = body(g, params);
        ObjectNode cmd = body.putObject("command");
        cmd.set("resume", answers);
        if (params.has("update")
                && (params.get("update").isObject() || params.get("update").isArray())) {
            cmd.set("update", params.get("update"));
        }
        if (params.has("goto") && !params.get("goto").isNull()) {
            cmd.set("goto", params.get("goto"));
        }
        start(channel, owner, body);
        return Json.object();
    }

    /** The graph the thread is bound to: the channel's assistant, else the one its last run named. */
    private ServedGraph graph(ThreadChannel channel, String owner) {
        String assistant = channel.assistantId();
        if (assistant == null) {
            ThreadRow t = registry.thread(channel.threadId(), owner);
            assistant = t == null ? null : Json.text(t.metadata(), "graph_id");
        }
        if (assistant == null) {
            throw new Refused("no_such_run", "Thread has no active assistant; call run.start first.");
        }
        ServedGraph g = assistants.find(assistant);
        bind(channel, assistant);
        return g;
    }

    /**
     * An unsolicited message: the runtime cannot hand it to a running node, so it is queued as the
     * thread's next input ({@code enqueue}), with the role the protocol gives it.
     */
    private JsonNode inject(ThreadChannel channel, String owner, JsonNode params) {
        JsonNode ns = params.path("namespace");
        if (ns.isArray() && !ns.isEmpty()) {
            throw new Refused("no_such_namespace", "input.inject reaches the root namespace ([]) only.");
        }
        JsonNode message = params.get("message");
        String role = message == null ? null : Json.text(message, "role");
        if (role == null
                || !Set.of("user", "system").contains(role)
                || !message.path("content").isString()) {
            throw new Refused(
                    "invalid_argument", "input.inject needs a message {role: \"user\" | \"system\", content: string}.");
        }
        ServedGraph g = graph(channel, owner);
        ObjectNode body = body(g, params);
        ObjectNode m = Json.object().put("type", role.equals("user") ? "human" : "system");
        m.set("content", message.get("content"));
        if (message.path("name").isString()) {
            m.set("name", message.get("name"));
        }
        body.putObject("input").putArray("messages").add(m);
        start(channel, owner, body);
        return Json.object();
    }

    private ThreadRow thread(String threadId, String owner) {
        ThreadRow t = registry.thread(threadId, owner);
        if (t == null) {
            throw ApiException.notFound("Thread with ID " + threadId + " not found");
        }
        return t;
    }

    private ServedGraph graphOf(ThreadRow t) {
        String graphId = Json.text(t.metadata(), "graph_id");
        return graphId == null ? null : assistants.find(graphId);
    }

    private JsonNode stateGet(String threadId, String owner, JsonNode params) {
        ThreadRow t = thread(threadId, owner);
        ServedGraph g = graphOf(t);
        ObjectNode out = Json.object();
        ObjectNode values = out.putObject("values");
        if (g == null) {
            return out;
        }
        StateSnapshot<Object> s = g.graph().getState(RunConfig.thread(threadId));
        JsonNode keys = params.get("keys");
        for (Map.Entry<String, JsonNode> e : g.values(s.channels()).properties()) {
            if (keys == null || !keys.isArray() || contains(keys, e.getKey())) {
                values.set(e.getKey(), e.getValue());
            }
        }
        s.checkpointId()
                .ifPresent(id -> out.putObject("checkpoint").put("id", id).put("ns", ""));
        return out;
    }

    private static boolean contains(JsonNode keys, String key) {
        for (JsonNode k : keys) {
            if (k.isString() && k.asString().equals(key)) {
                return true;
            }
        }
        return false;
    }

    private JsonNode listCheckpoints(String threadId, String owner, JsonNode params) {
        ThreadRow t = thread(threadId, owner);
        ServedGraph g = graphOf(t);
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("checkpoints");
        if (g == null) {
            return out;
        }
        int limit = params.path("limit").canConvertToInt() ? params.get("limit").asInt() : 10;
        ListOptions options = new ListOptions(Map.of(), Json.text(params, "before"), limit);
        for (StateSnapshot<Object> s : g.graph().getStateHistory(RunConfig.thread(threadId), options)) {
            ObjectNode c = list.addObject();
            c.put("id", s.checkpointId().orElse(""));
            c.put("timestamp", String.valueOf(s.createdAt()));
            c.put("step", s.metadata() == null ? -1 : s.metadata().step());
            ObjectNode md = c.putObject("metadata");
            if (s.metadata() != null) {
                md.put("source", s.metadata().source().wireName());
                md.put("step", s.metadata().step());
            }
        }
        return out;
    }

    private JsonNode fork(ThreadChannel channel, String owner, JsonNode params) {
        String checkpoint = Json.text(params, "checkpoint_id");
        if (checkpoint == null) {
            throw new Refused("invalid_argument", "state.fork requires a checkpoint_id.");
        }
        ThreadRow t = thread(channel.threadId(), owner);
        ServedGraph g = graph(channel, owner);
        boolean known = false;
        for (StateSnapshot<Object> s :
                g.graph().getStateHistory(RunConfig.thread(t.id()), new ListOptions(Map.of(), null, -1))) {
            known |= checkpoint.equals(s.checkpointId().orElse(null));
        }
        if (!known) {
            throw new Refused("no_such_checkpoint", "No checkpoint " + checkpoint + " on thread " + t.id() + ".");
        }
        ObjectNode body = body(g, params);
        body.put("checkpoint_id", checkpoint);
        JsonNode input = params.get("input");
        body.set("input", input == null ? Json.MAPPER.nullNode() : input);
        RunRow run = start(channel, owner, body);
        return Json.object().put("run_id", run.id()).put("thread_id", t.id());
    }

    private JsonNode tree(String threadId, String owner) {
        ThreadRow t = thread(threadId, owner);
        ObjectNode tree = Json.object();
        tree.putArray("namespace");
        tree.put("status", status(t));
        String graph = Json.text(t.metadata(), "graph_id");
        tree.put("graph_name", graph == null ? "root" : graph);
        return Json.object().set("tree", tree);
    }

    private static String status(ThreadRow t) {
        return switch (t.status()) {
            case BUSY -> "running";
            case INTERRUPTED -> "interrupted";
            case ERROR -> "failed";
            case IDLE -> "completed";
        };
    }

    private JsonNode subscribe(JsonNode params, Subscriptions subscriptions) {
        EventFilter filter;
        try {
            filter = EventFilter.parse(params, false);
        } catch (ApiException e) {
            throw new Refused("invalid_argument", e.getMessage());
        }
        if (subscriptions == null) {
            // over HTTP each event stream request is its own subscription; this one has no events
            return Json.object()
                    .put("subscription_id", UUID.randomUUID().toString())
                    .put("replayed_events", 0);
        }
        return subscriptions.subscribe(filter);
    }

    private JsonNode unsubscribe(JsonNode params, Subscriptions subscriptions) {
        String id = Json.text(params, "subscription_id");
        if (id == null) {
            throw new Refused("invalid_argument", "subscription.unsubscribe requires a subscription_id.");
        }
        if (subscriptions != null && !subscriptions.unsubscribe(id)) {
            throw new Refused("no_such_subscription", "Unknown subscription: " + id);
        }
        return Json.object();
    }

    /** A transport's in-band subscriptions (WebSocket). */
    interface Subscriptions {
        /** Subscribes; answers {@code {subscription_id, replayed_events}}. */
        ObjectNode subscribe(EventFilter filter);

        /** Ends a subscription; false when unknown. */
        boolean unsubscribe(String id);
    }
}
