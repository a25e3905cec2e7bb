package dev.switchboard.server.a2a;

import dev.switchboard.server.http.ApiHandler;
import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.loopback.Loopback;
import dev.switchboard.server.wire.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's A2A endpoints, as Agent Server serves them: each assistant an agent at {@code
 * /a2a/{assistant_id}} (JSON-RPC: {@code message/send}, {@code message/stream}, {@code tasks/get},
 * {@code tasks/cancel}, and their v1.0 names {@code SendMessage}, {@code SendStreamingMessage},
 * {@code GetTask}, {@code CancelTask}; the method's family picks the answer's spelling), with its
 * card at {@code /.well-known/agent-card.json?assistant_id=...}. Contexts are threads, tasks are
 * runs (see {@link Tasks}); an interrupt is {@code input-required}, answered by a message to the
 * same task; a running task's stream is followed again with {@code SubscribeToTask} ({@code
 * tasks/resubscribe}). Push notifications and {@code ListTasks} are not served ({@code -32601}).
 *
 * <p>Everything goes through the API in-process ({@link Loopback}) with the caller's credentials,
 * so authentication, owner scoping and input validation are those of the rest of the API.
 */
public final class A2aEndpoint {
    private final Supplier<ApiHandler> api;
    private final Function<String, String> graphDescriptions;

    /**
     * The endpoints.
     *
     * @param api the server's API handler (supplied once the server is built)
     * @param graphDescriptions a graph's generated description by graph id (empty or null for none)
     */
    public A2aEndpoint(Supplier<ApiHandler> api, Function<String, String> graphDescriptions) {
        this.api = api;
        this.graphDescriptions = graphDescriptions;
    }

    /**
     * Registers {@code POST /a2a/{assistant_id}} and the card.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("POST", "/a2a/{assistant_id}", this::post);
        r.add("GET", "/.well-known/agent-card.json", this::card);
    }

    private void card(Exchange ex) {
        String assistantId = ex.query("assistant_id");
        if (assistantId == null || assistantId.isEmpty()) {
            ex.text(422, "name the agent: /.well-known/agent-card.json?assistant_id=<assistant id>");
            return;
        }
        Loopback loopback = Loopback.of(api.get(), ex);
        Loopback.Answer assistant = loopback.call("GET", "/assistants/" + assistantId, null);
        if (!assistant.ok()) {
            ex.text(assistant.status(), assistant.detail());
            return;
        }
        Agent agent = Agent.of(
                assistant.body(),
                graphDescriptions,
                loopback.call("GET", "/assistants/" + assistantId + "/schemas", null)
                        .body());
        String base = (ex.header("X-Forwarded-Proto") == null ? "http" : ex.header("X-Forwarded-Proto")) + "://"
                + ex.header("Host");
        ex.json(200, Card.of(agent, base + "/a2a/" + agent.id(), "0.3".equals(ex.header("A2A-Version"))));
    }

    private void post(Exchange ex) throws IOException {
        ObjectNode request = ex.body();
        JsonNode id = request.get("id");
        String method = request.path("method").asString("");
        Dialect d = Dialect.of(method);
        if (d == null
                || method.contains("PushNotification")
                || method.contains("pushNotification")
                || method.equals("ListTasks")
                || method.contains("ExtendedAgentCard")
                || method.contains("AuthenticatedExtendedCard")) {
            ex.json(200, error(id, -32601, "method not supported: " + method));
            return;
        }
        Loopback loopback = Loopback.of(api.get(), ex);
        try {
            Loopback.Answer assistant = loopback.call("GET", "/assistants/" + ex.param("assistant_id"), null);
            if (assistant.status() == 401 || assistant.status() == 403) {
                throw new Tasks.Refused(assistant);
            }
            if (!assistant.ok()) {
                ex.json(200, error(id, Tasks.INVALID_PARAMS, assistant.detail()));
                return;
            }
            Agent agent = Agent.of(
                    assistant.body(),
                    graphDescriptions,
                    loopback.call("GET", "/assistants/" + ex.param("assistant_id") + "/schemas", null)
                            .body());
            Tasks tasks = new Tasks(loopback, d, agent);
            JsonNode params = request.path("params");
            switch (method) {
                case "SendMessage", "message/send" -> ex.json(200, result(id, send(tasks, d, params)));
                case "SendStreamingMessage", "message/stream" -> stream(ex, tasks, d, id, params);
                case "SubscribeToTask", "tasks/resubscribe" -> resubscribe(ex, tasks, d, id, params);
                case "GetTask", "tasks/get" ->
                    ex.json(
                            200,
                            result(
                                    id,
                                    tasks.view(
                                            Tasks.Ref.parse(params.path("id").asString(null)),
                                            params.path("historyLength").asInt(0))));
                case "CancelTask", "tasks/cancel" ->
                    ex.json(
                            200,
                            result(
                                    id,
                                    tasks.cancel(
                                            Tasks.Ref.parse(params.path("id").asString(null)))));
                default -> ex.json(200, error(id, -32601, "method not supported: " + method));
            }
        } catch (Tasks.Failure f) {
            ex.json(200, error(id, f.code, f.getMessage()));
        } catch (Tasks.Refused r) {
            ex.json(r.answer.status(), error(id, -32600, r.answer.detail()));
        }
    }

    private static JsonNode send(Tasks tasks, Dialect d, JsonNode params) {
        Tasks.Started started = tasks.start(params);
        JsonNode config = params.path("configuration");
        boolean wait = d == Dialect.V0_3
                ? config.path("blocking").asBoolean(true)
                : !config.path("returnImmediately").asBoolean(false);
        if (wait) {
            tasks.await(started);
        }
        return d.wrap(
                "task", tasks.view(started.ref(), config.path("historyLength").asInt(0)));
    }

    private static void stream(Exchange ex, Tasks tasks, Dialect d, JsonNode id, JsonNode params) {
        Tasks.Started started = tasks.start(params);
        ex.stream("text/event-stream", out -> {
            try {
                tasks.follow(started, (kind, event) -> write(out, result(id, d.wrap(kind, event))));
            } catch (Tasks.Failure f) {
                write(out, error(id, f.code, f.getMessage()));
            }
        });
    }

    private static void resubscribe(Exchange ex, Tasks tasks, Dialect d, JsonNode id, JsonNode params) {
        Tasks.Started running = tasks.running(Tasks.Ref.parse(params.path("id").asString(null)));
        ex.stream("text/event-stream", out -> {
            try {
                tasks.resubscribe(running, (kind, event) -> write(out, result(id, d.wrap(kind, event))));
            } catch (Tasks.Failure f) {
                write(out, error(id, f.code, f.getMessage()));
            }
        });
    }

    private static void write(OutputStream out, JsonNode message) throws IOException {
        out.write(("data: " + Json.text(message) + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode o = Json.object().put("jsonrpc", "2.0");
        o.set("id", id);
        o.set("result", result);
        return o;
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode o = Json.object().put("jsonrpc", "2.0");
        o.set("id", id);
        o.putObject("error").put("code", code).put("message", message);
        return o;
    }
}
