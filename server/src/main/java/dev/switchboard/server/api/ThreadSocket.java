package dev.switchboard.server.api;

import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.WebSocket;
import dev.switchboard.server.protocol.EventFilter;
import dev.switchboard.server.protocol.ThreadChannel;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.Redacted;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One WebSocket on a thread's protocol stream ({@code GET /threads/{id}/stream/events} upgraded),
 * as LangGraph's server and the SDK's WebSocket transport speak it: each text message from the
 * client is a command ({@code {id, method, params}}), answered on the socket by its {@code
 * success}/{@code error} response; events flow on the same socket for the subscriptions the
 * client made with {@code subscription.subscribe} (none before the first), each subscription's
 * kept events replayed right after its response, an event matching several subscriptions sent
 * once. A message that is not a JSON command is answered {@code {type: "error", id: null, error:
 * "invalid_argument"}} and the socket stays open. What goes out is queued for a writer thread of
 * the socket, at most {@link #QUEUE} messages: a client that reads too slowly for that is closed
 * with 1008 rather than buffered without end.
 */
final class ThreadSocket implements WebSocket.Listener, ThreadCommands.Subscriptions {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadSocket.class);

    /** The most messages waiting for a slow client: twice a thread's replay buffer. */
    static final int QUEUE = 20_000;

    /** The most subscriptions on one socket. */
    static final int SUBSCRIPTIONS = 64;

    private static final ObjectNode END = Json.object();
    private static final AtomicInteger WRITERS = new AtomicInteger();

    private final ThreadCommands commands;
    private final ThreadChannel channel;
    private final Exchange handshake;
    private final WebSocket socket;
    private final BlockingQueue<ObjectNode> out = new ArrayBlockingQueue<>(QUEUE);
    private final Map<String, ThreadChannel.Subscription> subscriptions = new LinkedHashMap<>();

    /**
     * The events delivered while a command is being answered, sent after its response: a client
     * learns of a run ({@code run.start}'s run id) or a subscription before any of its events.
     */
    private List<ObjectNode> held;

    private boolean replaying;
    private ObjectNode lastLive;
    private boolean overflowed;
    private boolean ended;

    ThreadSocket(ThreadCommands commands, ThreadChannel channel, Exchange handshake, WebSocket socket) {
        this.commands = commands;
        this.channel = channel;
        this.handshake = handshake;
        this.socket = socket;
        Thread writer = new Thread(this::write, "switchboard-ws-writer-" + WRITERS.incrementAndGet());
        writer.setDaemon(true);
        writer.start();
    }

    @Override
    public void text(WebSocket ws, String message) {
        ObjectNode command;
        try {
            command = ThreadStreams.command(handshake.object(message.getBytes(StandardCharsets.UTF_8)));
        } catch (ApiException e) {
            send(ThreadCommands.error(
                    null,
                    "invalid_argument",
                    "Protocol commands must be a JSON object with an integer id and a string method: " + e.getMessage(),
                    null));
            return;
        }
        synchronized (this) {
            held = new ArrayList<>();
        }
        ObjectNode response;
        try {
            response = commands.handle(channel.threadId(), handshake.owner(), command, this);
        } catch (RuntimeException e) {
            LOG.error("the protocol command {} failed", command.path("method").asString(), Redacted.of(e));
            response =
                    ThreadCommands.error(command.get("id").asLong(), "internal_error", "Internal server error", null);
        }
        synchronized (this) {
            send(response);
            if (held != null) {
                held.forEach(this::send);
                held = null;
            }
        }
    }

    @Override
    public ObjectNode subscribe(EventFilter filter) {
        synchronized (this) {
            if (subscriptions.size() >= SUBSCRIPTIONS) {
                throw new ThreadCommands.Refused(
                        "invalid_argument", "a WebSocket holds at most " + SUBSCRIPTIONS + " subscriptions");
            }
            replaying = true; // its replay is held with the command's other events (see text)
        }
        // not under this object's lock: the channel calls deliver with its own lock held
        ThreadChannel.Subscription s = channel.listen(filter, this::deliver);
        String id = UUID.randomUUID().toString();
        synchronized (this) {
            replaying = false;
            subscriptions.put(id, s);
        }
        return Json.object().put("subscription_id", id).put("replayed_events", s.replayed());
    }

    @Override
    public boolean unsubscribe(String id) {
        ThreadChannel.Subscription s;
        synchronized (this) {
            s = subscriptions.remove(id);
        }
        if (s == null) {
            return false;
        }
        s.close();
        return true;
    }

    /** An event of a subscription (called by the channel with its lock held: never blocks). */
    private synchronized void deliver(ObjectNode e) {
        if (!replaying) {
            if (e == lastLive) {
                return; // the same event, matching another subscription of this socket
            }
            lastLive = e;
        }
        if (held != null) {
            held.add(e);
        } else {
            send(e);
        }
    }

    /** Queues a message for the writer; a full queue ends the socket. */
    private synchronized void send(ObjectNode message) {
        if (overflowed || ended) {
            return;
        }
        if (!out.offer(message)) {
            overflowed = true;
            out.clear();
            out.add(END);
        }
    }

    private void write() {
        try {
            while (true) {
                ObjectNode m = out.take();
                if (m == END) {
                    boolean slow;
                    synchronized (this) {
                        slow = overflowed;
                    }
                    if (slow) {
                        socket.close(WebSocket.POLICY, "the client reads too slowly");
                    }
                    return;
                }
                socket.send(Json.bytes(m));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException gone) {
            // the socket has closed: the reader ends it
        }
    }

    @Override
    public void closed() {
        List<ThreadChannel.Subscription> open;
        synchronized (this) {
            open = new ArrayList<>(subscriptions.values());
            subscriptions.clear();
            ended = true; // nothing more is queued
            out.clear();
            out.add(END);
        }
        open.forEach(ThreadChannel.Subscription::close);
    }
}
