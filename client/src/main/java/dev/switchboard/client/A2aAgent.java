package dev.switchboard.client;

import dev.switchboard.runtime.NodeContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterators;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A remote agent spoken to over A2A's JSON-RPC binding, found by its agent card: send a message
 * and get the task (or reply) back, stream a task's progress, read or cancel a task. It speaks
 * the protocol version the card declares, v1.0 ({@code SendMessage}) or v0.3 ({@code
 * message/send}).
 *
 * <pre>{@code
 * A2aAgent agent = A2aAgent.fromCard(URI.create("https://agents.example/.well-known/agent-card.json")).connect();
 * A2aTask task = agent.send(A2aMessage.text("Book a table for tonight"));
 * if (task.state() == A2aTask.State.INPUT_REQUIRED) {
 *     task = agent.send(A2aMessage.text("4 people").contextId(task.contextId()).taskId(task.id()));
 * }
 * System.out.println(task.text());
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class A2aAgent {
    private final Http http;
    private final JsonNode card;
    private final A2aDialect dialect;
    private final AtomicLong ids = new AtomicLong();

    private A2aAgent(Http http, JsonNode card, A2aDialect dialect) {
        this.http = http;
        this.card = card;
        this.dialect = dialect;
    }

    /**
     * An agent whose card is at {@code cardUrl} (usually {@code <base>/.well-known/agent-card.json}).
     *
     * @param cardUrl the card's URL
     * @return a builder; {@link Builder#connect()} reads the card
     */
    public static Builder fromCard(URI cardUrl) {
        return new Builder(Objects.requireNonNull(cardUrl, "cardUrl"));
    }

    /**
     * The agent's card as it was read.
     *
     * @return the card JSON
     */
    public JsonNode card() {
        return card;
    }

    /**
     * The protocol version this client speaks with the agent.
     *
     * @return {@code "1.0"} or {@code "0.3"}
     */
    public String protocolVersion() {
        return dialect == A2aDialect.V1_0 ? "1.0" : "0.3";
    }

    /**
     * Sends a message and waits for the task to finish or to need input.
     *
     * @param message the message
     * @return the task, or a bare reply read as a completed task
     * @throws A2aException if the agent answers with a JSON-RPC error
     */
    public A2aTask send(A2aMessage message) {
        ObjectNode params = Http.object();
        params.set("message", message.json(dialect));
        if (dialect == A2aDialect.V0_3) {
            params.putObject("configuration").put("blocking", true);
        }
        return new A2aTask(A2aDialect.unwrap(call(dialect.send, params)));
    }

    /**
     * Sends a message and streams the task as it changes: one snapshot per event (the task, each
     * status update, each artifact update applied).
     *
     * @param message the message
     * @return the snapshots; the last is the task's latest state. Close the stream to stop.
     * @throws A2aException if the agent answers with a JSON-RPC error
     */
    public Stream<A2aTask> stream(A2aMessage message) {
        ObjectNode params = Http.object();
        params.set("message", message.json(dialect));
        Stream<StreamEvent> events = http.events("POST", "", request(dialect.stream, params), Map.of());
        Iterator<StreamEvent> it = events.iterator();
        Iterator<A2aTask> tasks = new Iterator<>() {
            A2aTask current = new A2aTask(Http.object());

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public A2aTask next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                JsonNode result = result(it.next().data());
                String kind = A2aDialect.kind(result);
                JsonNode inner = A2aDialect.unwrap(result);
                current =
                        kind.equals("task") || kind.equals("message") ? new A2aTask(inner) : current.apply(kind, inner);
                return current;
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(tasks, 0), false)
                .onClose(events::close);
    }

    /**
     * Reads a task.
     *
     * @param taskId the task's id
     * @return the task
     * @throws A2aException if the agent does not know it
     */
    public A2aTask getTask(String taskId) {
        return new A2aTask(A2aDialect.unwrap(call(dialect.get, Http.object().put("id", taskId))));
    }

    /**
     * Cancels a task.
     *
     * @param taskId the task's id
     * @return the task, canceled
     * @throws A2aException if it cannot be canceled
     */
    public A2aTask cancelTask(String taskId) {
        return new A2aTask(A2aDialect.unwrap(call(dialect.cancel, Http.object().put("id", taskId))));
    }

    /**
     * Sends a message from a node of a local graph and gives the finished task. A task that asks
     * for input pauses the node with the question ({@link NodeContext#interrupt}: the status
     * message's data if it has some, else its text); resuming the local thread sends the answer to
     * the task (a text answer as a text part, anything else as a data part) and goes on.
     *
     * <p>Each message is a durable step of the node ({@link NodeContext#step}): when the node runs
     * again (resumed, retried, after a crash) no message is sent twice. Without a context id the
     * message goes to a conversation named after the local thread, checkpoint namespace and node
     * (a UUID derived from them), so the node continues one conversation each time it runs on a
     * thread.
     *
     * @param message the message
     * @param ctx the calling node's context
     * @return the completed task; its {@link A2aTask#text()} is usually the answer
     * @throws A2aException if the task fails, is rejected or canceled, or needs authentication, or
     *     the agent answers with a JSON-RPC error
     */
    public A2aTask call(A2aMessage message, NodeContext ctx) {
        Objects.requireNonNull(ctx, "ctx");
        A2aMessage first = message.contextId() != null
                ? message
                : message.contextId(ctx.config()
                        .threadId()
                        .map(t -> Remote.id("a2a", t, ctx.config().checkpointNamespace(), ctx.node(), name()))
                        .orElse(null));
        String step = "a2a " + name();
        A2aTask task = recorded(
                ctx.step(step, String.class, () -> finished(send(first)).json().toString()));
        for (int round = 1; task.state() == A2aTask.State.INPUT_REQUIRED; round++) {
            Object answer = ctx.interrupt(
                    task.statusData().isEmpty()
                            ? task.statusText()
                            : Remote.plain(task.statusData().get(0)));
            A2aMessage reply = (answer instanceof String text ? A2aMessage.text(text) : A2aMessage.data(answer))
                    .contextId(task.contextId())
                    .taskId(task.id());
            task = recorded(ctx.step(
                    step + " reply " + round,
                    String.class,
                    () -> finished(send(reply)).json().toString()));
        }
        if (task.state() != A2aTask.State.COMPLETED) {
            throw new A2aException(
                    "the A2A task " + task.id() + " of agent '" + name() + "' ended " + task.state()
                            + (task.statusText().isEmpty() ? "" : ": " + task.statusText()),
                    0);
        }
        return task;
    }

    /**
     * {@link #call} with a text message, giving the answer's text.
     *
     * @param text the message
     * @param ctx the calling node's context
     * @return the text of the task's artifacts
     */
    public String ask(String text, NodeContext ctx) {
        return call(A2aMessage.text(text), ctx).text();
    }

    /** The agent's name on its card, or its endpoint. */
    private String name() {
        return card.path("name").asString("agent");
    }

    private static A2aTask recorded(String json) {
        return new A2aTask(Http.JSON.readTree(json));
    }

    /** Waits for a task that is still submitted or working (an agent that answers at once). */
    private A2aTask finished(A2aTask task) {
        long pause = 100;
        while ((task.state() == A2aTask.State.SUBMITTED || task.state() == A2aTask.State.WORKING)
                && !task.id().isEmpty()) {
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new A2aException("interrupted while waiting for A2A task " + task.id(), 0);
            }
            pause = Math.min(pause * 2, 2000);
            task = getTask(task.id());
        }
        return task;
    }

    private ObjectNode request(String method, JsonNode params) {
        ObjectNode r = Http.object()
                .put("jsonrpc", "2.0")
                .put("id", ids.incrementAndGet())
                .put("method", method);
        r.set("params", params);
        return r;
    }

    private JsonNode call(String method, JsonNode params) {
        return result(http.post("", request(method, params)));
    }

    private static JsonNode result(JsonNode answer) {
        JsonNode error = answer.path("error");
        if (error.isObject()) {
            throw new A2aException(
                    "A2A error " + error.path("code").asInt() + ": "
                            + error.path("message").asString(""),
                    error.path("code").asInt());
        }
        return answer.path("result");
    }

    /** Configures an {@link A2aAgent}: headers, timeout, HTTP client. */
    public static final class Builder {
        private final URI cardUrl;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Duration timeout = Duration.ofMinutes(5);
        private HttpClient http;

        private Builder(URI cardUrl) {
            this.cardUrl = cardUrl;
        }

        /**
         * A header sent with every request, e.g. {@code Authorization}.
         *
         * @param name the header
         * @param value its value
         * @return this builder
         */
        public Builder header(String name, String value) {
            headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * How long a request may take (default 5 minutes, for a message that waits for its task).
         *
         * @param timeout the timeout
         * @return this builder
         */
        public Builder timeout(Duration timeout) {
            this.timeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * The HTTP client to use.
         *
         * @param client the client
         * @return this builder
         */
        public Builder httpClient(HttpClient client) {
            this.http = Objects.requireNonNull(client, "client");
            return this;
        }

        /**
         * Reads the card and picks its JSON-RPC interface.
         *
         * @return the agent
         * @throws ApiException if the card cannot be read
         * @throws IllegalArgumentException if the card offers no JSON-RPC interface
         */
        public A2aAgent connect() {
            HttpClient client = http != null ? http : HttpClient.newHttpClient();
            // A2A-Version asks a server that speaks both versions for the v1.0 card (spec 3.6.2)
            Map<String, String> h = new LinkedHashMap<>(headers);
            h.put("A2A-Version", "1.0");
            JsonNode card = new Http(client, cardUrl, Map.copyOf(h), timeout).get("");
            String url = null;
            String version = null;
            for (JsonNode i : card.path("supportedInterfaces")) {
                if ("JSONRPC".equalsIgnoreCase(i.path("protocolBinding").asString(""))) {
                    url = i.path("url").asString();
                    version = i.path("protocolVersion").asString("1.0");
                    break;
                }
            }
            if (url == null
                    && card.hasNonNull("url")
                    && "JSONRPC"
                            .equalsIgnoreCase(card.path("preferredTransport").asString("JSONRPC"))) {
                url = card.get("url").asString(); // a v0.3 card
                version = card.path("protocolVersion").asString("0.3.0");
            }
            if (url == null) {
                throw new IllegalArgumentException(
                        "the agent card at " + cardUrl + " offers no JSON-RPC interface: " + card);
            }
            A2aDialect dialect = A2aDialect.of(version);
            h.put("A2A-Version", dialect == A2aDialect.V1_0 ? "1.0" : "0.3");
            return new A2aAgent(new Http(client, cardUrl.resolve(url), Map.copyOf(h), timeout), card, dialect);
        }
    }
}
