package dev.switchboard.server.protocol;

import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.runs.EventFeed;
import dev.switchboard.server.runs.RunEvents;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunStatus;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One thread as the streaming protocol sees it in this JVM: the runs it follows (each run's events
 * read, in order, from its feed), the protocol events they made, numbered from 1 across runs
 * ({@code seq}, the SSE id, what {@code since} replays after), the subscriptions that receive them,
 * and the assistant the thread is bound to. Each run's events are framed as LangGraph frames them
 * ({@code {type: "event", event_id, seq, method, params: {namespace, timestamp, node?, data}}})
 * between the root's {@code lifecycle} events: {@code running} when it starts, then {@code
 * completed}, {@code interrupted} or {@code failed} (with the error). The last {@link #LIMIT}
 * events are kept for late subscribers, as LangGraph keeps a thread's event buffer.
 */
public final class ThreadChannel {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadChannel.class);

    /** The most events kept for replay. */
    static final int LIMIT = 10_000;

    private final String threadId;
    private final Function<RunRow, EventFeed> feeds;
    private final Executor pumps;
    private final Deque<ObjectNode> buffer = new ArrayDeque<>();
    private final List<Subscription> subscriptions = new ArrayList<>();
    /** Runs to follow, oldest first; the first is being read while {@link #pumping}. */
    private final Deque<RunRow> runs = new ArrayDeque<>();
    /** The ids of every run followed, so none is followed twice. */
    private final Set<String> followed = new HashSet<>();

    private boolean pumping;
    /** When it was last asked for, subscribed to or unsubscribed from ({@link System#nanoTime}). */
    private long used = System.nanoTime();

    private int seq;
    private String assistantId;

    ThreadChannel(String threadId, Function<RunRow, EventFeed> feeds, Executor pumps) {
        this.threadId = threadId;
        this.feeds = feeds;
        this.pumps = pumps;
    }

    /** @return the thread's id */
    public String threadId() {
        return threadId;
    }

    /** Marks the channel as in use now. */
    synchronized void touch() {
        used = System.nanoTime();
    }

    /**
     * Whether nobody has used the channel since {@code nanos}: no subscription, no run followed,
     * not asked for. Such a channel can be let go of; its events are then no longer replayed.
     */
    synchronized boolean idleSince(long nanos) {
        return !pumping && subscriptions.isEmpty() && used - nanos < 0;
    }

    /** @return the sequence number of the last event so far (0 before any) */
    public synchronized int seq() {
        return seq;
    }

    /**
     * Binds the thread to an assistant, once: LangGraph's protocol runs one assistant per thread.
     *
     * @param id the assistant (or graph) id a command names
     * @return null when bound to it now or before, else the assistant it is bound to
     */
    public synchronized String bind(String id) {
        if (assistantId == null) {
            assistantId = id;
            return null;
        }
        return assistantId.equals(id) ? null : assistantId;
    }

    /** @return the assistant the thread is bound to, or null */
    public synchronized String assistantId() {
        return assistantId;
    }

    /**
     * Follows a run: its events become the thread's after those of the runs followed before it.
     *
     * @param run the run
     * @return false when it was followed already
     */
    public boolean follow(RunRow run) {
        synchronized (this) {
            if (!followed.add(run.id())) {
                return false;
            }
            runs.add(run);
            if (pumping) {
                return true;
            }
            pumping = true;
        }
        pumps.execute(this::pump);
        return true;
    }

    /** Reads the followed runs' events, one run after the other, until none is left. */
    private void pump() {
        while (true) {
            RunRow run;
            synchronized (this) {
                run = runs.peek();
                if (run == null) {
                    pumping = false;
                    used = System.nanoTime();
                    return;
                }
            }
            try {
                read(run);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                synchronized (this) {
                    pumping = false;
                }
                return;
            } catch (RuntimeException e) {
                LOG.warn("streaming the protocol events of {} failed", run, e);
            }
            synchronized (this) {
                runs.poll();
            }
        }
    }

    private void read(RunRow run) throws InterruptedException {
        String graph = run.graph().graphId();
        publish("lifecycle", rootLifecycle("running", graph));
        EventFeed feed = feeds.apply(run);
        String error = null;
        try {
            int next = 0;
            while (true) {
                // asked before the read: a run that had ended by then has every event in the read,
                // whereas asking after an empty read could skip events added in between
                boolean ended = feed.closed();
                List<RunEvents.Event> batch = feed.after(next, ended ? 0 : 1_000);
                for (RunEvents.Event e : batch) {
                    next = e.id() + 1;
                    JsonNode data = e.data() == null ? null : e.json(); // events are kept as bytes
                    if (e.name().equals("error")) {
                        error = data == null ? "Error" : data.path("message").asString("Error");
                    } else if (data != null && data.has("data") && data.has("namespace")) {
                        publish(e.name(), (ObjectNode) data);
                    }
                }
                if (batch.isEmpty() && ended) {
                    break;
                }
            }
        } finally {
            feed.release();
        }
        run.awaitFinished(10_000);
        publish("lifecycle", terminal(run, graph, error));
    }

    private static ObjectNode terminal(RunRow run, String graph, String error) {
        RunStatus status = run.status();
        JsonNode result = run.result();
        String event;
        if (status == RunStatus.SUCCESS) {
            event = result != null && result.has("__interrupt__") ? "interrupted" : "completed";
        } else if (status == RunStatus.ERROR || status == RunStatus.TIMEOUT) {
            event = "failed";
            if (error == null && result != null) {
                error = result.path("__error__").path("message").asString("Error");
            }
        } else {
            event = "interrupted"; // cancelled, or ended before it ran
        }
        ObjectNode params = rootLifecycle(event, graph);
        if (event.equals("failed")) {
            ((ObjectNode) params.get("data")).put("error", error == null ? "Error" : error);
        }
        return params;
    }

    private static ObjectNode rootLifecycle(String event, String graph) {
        ObjectNode params = Json.object();
        params.putArray("namespace");
        params.putObject("data").put("event", event).put("graph_name", graph);
        return params;
    }

    /** Numbers, frames, keeps and delivers one event; {@code params} holds namespace, node and data. */
    private synchronized void publish(String method, ObjectNode params) {
        seq++;
        ObjectNode e = Json.object();
        e.put("type", "event");
        e.put("event_id", String.valueOf(seq));
        e.put("seq", seq);
        e.put("method", method);
        ObjectNode p = e.putObject("params");
        p.set("namespace", params.get("namespace"));
        p.put("timestamp", System.currentTimeMillis());
        if (params.has("node")) {
            p.set("node", params.get("node"));
        }
        p.set("data", params.get("data"));
        buffer.add(e);
        if (buffer.size() > LIMIT) {
            buffer.poll();
        }
        for (Subscription s : subscriptions) {
            if (s.filter.matches(e)) {
                s.sink.accept(e);
            }
        }
    }

    /**
     * Subscribes: the kept events the filter lets through (those after its {@code since}), then
     * every new one it lets through, in order.
     *
     * @param filter the filter
     * @return the subscription, to be closed
     */
    public Subscription subscribe(EventFilter filter) {
        LinkedBlockingQueue<ObjectNode> queue = new LinkedBlockingQueue<>();
        return listen(filter, queue, queue::add);
    }

    /**
     * Subscribes with a sink that is handed the kept events the filter lets through, then each new
     * one as it is published, in order. The sink is called with the channel's lock held: it must
     * not block (a transport queues the event for its writer).
     *
     * @param filter the filter
     * @param sink takes the events
     * @return the subscription, to be closed
     */
    public Subscription listen(EventFilter filter, Consumer<ObjectNode> sink) {
        return listen(filter, null, sink);
    }

    private synchronized Subscription listen(
            EventFilter filter, LinkedBlockingQueue<ObjectNode> queue, Consumer<ObjectNode> sink) {
        Subscription s = new Subscription(this, filter.live(), queue, sink);
        for (ObjectNode e : buffer) {
            if (filter.matches(e)) {
                sink.accept(e);
                s.replayed++;
            }
        }
        subscriptions.add(s);
        used = System.nanoTime();
        return s;
    }

    private synchronized void remove(Subscription s) {
        subscriptions.remove(s);
        used = System.nanoTime();
    }

    /** The events one subscriber receives, queued for it. */
    public static final class Subscription implements AutoCloseable {
        private final ThreadChannel channel;
        private final EventFilter filter;
        private final LinkedBlockingQueue<ObjectNode> queue;
        private final Consumer<ObjectNode> sink;
        private int replayed;

        private Subscription(
                ThreadChannel channel,
                EventFilter filter,
                LinkedBlockingQueue<ObjectNode> queue,
                Consumer<ObjectNode> sink) {
            this.channel = channel;
            this.filter = filter;
            this.queue = queue;
            this.sink = sink;
        }

        /**
         * The next event, waiting up to {@code millis}.
         *
         * @param millis how long to wait
         * @return the event, or null when none came
         * @throws InterruptedException when interrupted
         */
        public ObjectNode next(long millis) throws InterruptedException {
            if (queue == null) {
                throw new IllegalStateException("a subscription with a sink of its own has no queue");
            }
            return queue.poll(millis, TimeUnit.MILLISECONDS);
        }

        /** @return how many kept events it replayed */
        public int replayed() {
            return replayed;
        }

        /** Stops receiving events. */
        @Override
        public void close() {
            channel.remove(this);
        }
    }
}
