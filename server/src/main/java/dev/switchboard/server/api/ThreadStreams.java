package dev.switchboard.server.api;

import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.protocol.EventFilter;
import dev.switchboard.server.protocol.ThreadChannel;
import dev.switchboard.server.protocol.ThreadChannels;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * LangGraph's thread-centric streaming protocol over HTTP, what {@code client.threads.stream} and
 * {@code useStream} of {@code @langchain/react} 1.x speak: {@code POST /threads/{id}/commands}
 * answers one command ({@link ThreadCommands}), and {@code POST /threads/{id}/stream/events} is an
 * SSE stream of the thread's protocol events that pass the request's filter (channels, namespaces,
 * depth), those kept from before first (after {@code since} when given), each with its sequence
 * number as SSE id, for as long as the client stays. A stream may be opened before the thread
 * exists: it receives the events of the runs started on it from then on. {@code GET
 * /threads/{id}/stream/events} upgraded to a WebSocket carries both on one socket ({@link
 * ThreadSocket}), on a server that takes WebSockets.
 */
public final class ThreadStreams {
    private static final long HEARTBEAT_MILLIS = 15_000;

    private final Registry registry;
    private final ThreadChannels channels;
    private final ThreadCommands commands;

    /**
     * The endpoints.
     *
     * @param registry the rows
     * @param assistants the graphs
     * @param runs the runs endpoints (their run creation)
     * @param channels the threads' protocol channels
     */
    public ThreadStreams(Registry registry, Assistants assistants, Runs runs, ThreadChannels channels) {
        this.registry = registry;
        this.channels = channels;
        this.commands = new ThreadCommands(registry, assistants, runs, channels);
    }

    /**
     * Registers the endpoints.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("POST", "/threads/{thread_id}/commands", this::command);
        r.add("POST", "/threads/{thread_id}/stream/events", this::events);
        r.add("GET", "/threads/{thread_id}/stream/events", this::socket);
    }

    private String threadId(Exchange ex) {
        String id = ex.param("thread_id");
        Threads.checkUuid(id, "thread_id");
        return id;
    }

    private void command(Exchange ex) throws IOException {
        String threadId = threadId(ex);
        ObjectNode body = ex.body();
        ex.json(200, commands.handle(threadId, ex.owner(), command(body), null));
    }

    /** A command's envelope checked: an integer {@code id} of 0 or more, a string {@code method}. */
    static ObjectNode command(JsonNode body) {
        JsonNode id = body.get("id");
        if (id == null || !id.isIntegralNumber() || id.asLong() < 0) {
            throw ApiException.invalid("id", "a protocol command needs an integer id of 0 or more");
        }
        JsonNode method = body.get("method");
        if (method == null || !method.isString()) {
            throw ApiException.invalid("method", "a protocol command needs a string method");
        }
        JsonNode params = body.get("params");
        if (params != null && !params.isNull() && !params.isObject()) {
            throw ApiException.invalid("params", "a protocol command's params must be an object");
        }
        return (ObjectNode) body;
    }

    /** The thread's channel: following its active runs when the thread exists (a stream may come first). */
    ThreadChannel channel(String threadId, String owner) {
        ThreadRow t = registry.thread(threadId, owner);
        if (t == null && registry.thread(threadId) != null) {
            throw ApiException.notFound("Thread with ID " + threadId + " not found"); // another owner's
        }
        return t == null ? channels.channel(threadId) : channels.channel(t);
    }

    private void events(Exchange ex) throws IOException {
        String threadId = threadId(ex);
        EventFilter filter = EventFilter.parse(ex.body(), true);
        ThreadChannel channel = channel(threadId, ex.owner());
        ex.stream("text/event-stream", out -> {
            try (out;
                    ThreadChannel.Subscription s = channel.subscribe(filter)) {
                out.flush();
                while (true) {
                    ObjectNode e = s.next(HEARTBEAT_MILLIS);
                    if (e == null) {
                        out.write(": heartbeat\n\n".getBytes(StandardCharsets.UTF_8));
                    } else {
                        out.write(frame(e));
                        ObjectNode more;
                        while ((more = s.next(0)) != null) {
                            out.write(frame(more));
                        }
                    }
                    out.flush();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                // the client went away: its subscription ends, the runs go on
            }
        });
    }

    /** The WebSocket transport: commands and the events of its subscriptions on one socket. */
    private void socket(Exchange ex) {
        ThreadChannel channel = channel(threadId(ex), ex.owner());
        ex.webSocket(ws -> new ThreadSocket(commands, channel, ex, ws));
    }

    private static byte[] frame(ObjectNode e) {
        String text =
                "event: " + e.path("method").asString() + "\ndata: " + new String(Json.bytes(e), StandardCharsets.UTF_8)
                        + "\nid: " + e.path("seq").asInt() + "\n\n";
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
