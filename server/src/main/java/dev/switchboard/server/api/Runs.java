package dev.switchboard.server.api;

import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.server.http.Exchange;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.EventFeed;
import dev.switchboard.server.runs.Histories;
import dev.switchboard.server.runs.Outcome;
import dev.switchboard.server.runs.RunEvents;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.runs.Stop;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.CancelAction;
import dev.switchboard.server.wire.Fields;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunStatus;
import dev.switchboard.server.wire.ServedGraph;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The runs endpoints: on a thread and stateless; background, wait, stream, join, list, cancel, delete. */
public final class Runs {
    static final long HEARTBEAT_MILLIS = 15_000;
    /** How soon a stream that cancels its run on disconnect notices a client gone quiet. */
    static final long PROBE_MILLIS = 500;

    private final Registry registry;
    private final Threads threads;
    private final CheckpointSaver saver;
    private final RunPipeline pipeline;
    private final RunStarter starter;

    /**
     * The endpoints.
     *
     * @param registry the rows
     * @param threads the threads endpoints (their thread lookup)
     * @param saver the server's checkpointer
     * @param pipeline the runs
     * @param starter creates runs
     */
    public Runs(Registry registry, Threads threads, CheckpointSaver saver, RunPipeline pipeline, RunStarter starter) {
        this.registry = registry;
        this.threads = threads;
        this.saver = saver;
        this.pipeline = pipeline;
        this.starter = starter;
    }

    /**
     * Registers the endpoints.
     *
     * @param r the router
     */
    public void routes(Router r) {
        r.add("POST", "/threads/{thread_id}/runs", ex -> created(ex, create(ex, ex.param("thread_id"))));
        r.add("POST", "/threads/{thread_id}/runs/wait", ex -> await(ex, create(ex, ex.param("thread_id"))));
        r.add("POST", "/threads/{thread_id}/runs/stream", ex -> stream(ex, create(ex, ex.param("thread_id"))));
        r.add("GET", "/threads/{thread_id}/runs", this::list);
        r.add(
                "GET",
                "/threads/{thread_id}/runs/{run_id}",
                ex -> ex.json(200, require(ex).json()));
        r.add("DELETE", "/threads/{thread_id}/runs/{run_id}", this::delete);
        r.add("GET", "/threads/{thread_id}/runs/{run_id}/join", this::join);
        r.add("GET", "/threads/{thread_id}/runs/{run_id}/stream", this::joinStream);
        r.add("POST", "/threads/{thread_id}/runs/{run_id}/cancel", this::cancel);
        r.add("POST", "/runs", ex -> created(ex, create(ex, null)));
        r.add("POST", "/runs/wait", ex -> await(ex, create(ex, null, true)));
        r.add("POST", "/runs/stream", ex -> stream(ex, create(ex, null)));
        new ThreadJoins(registry, threads, this, pipeline).routes(r);
        new RunsBulk(registry, pipeline, starter).routes(r);
    }

    /** Creates the run a request asks for on {@code threadId} (null: stateless). */
    private RunRow create(Exchange ex, String threadId) throws IOException {
        return create(ex, threadId, false);
    }

    /** Answers a created run as stored when created: its bytes, no tree made again to be written. */
    private static void created(Exchange ex, RunRow run) {
        ex.send(200, "application/json", run.asCreatedJson());
    }

    /** As {@link #create(Exchange, String)}; {@code wait} when this request waits for the run's end. */
    private RunRow create(Exchange ex, String threadId, boolean wait) throws IOException {
        RunRow run = starter.start(RunStarter.Start.of(ex.owner(), threadId, ex.body(), wait));
        ex.header("Content-Location", RunStarter.location(run));
        return run;
    }

    /**
     * Creates a run as a create request with this body would (the thread protocol's commands start
     * runs so), and starts or queues it by its multitask strategy.
     *
     * @param owner the caller, or null without authentication
     * @param threadId the thread, or null for a stateless run
     * @param body the run request body
     * @return the run
     */
    RunRow submit(String owner, String threadId, ObjectNode body) {
        return starter.start(RunStarter.Start.of(owner, threadId, body, false));
    }

    private RunRow require(Exchange ex) {
        ThreadRow t = threads.require(ex);
        Fields.checkUuid(ex.param("run_id"), "run_id");
        RunRow r = registry.run(t.id(), ex.param("run_id"));
        if (r == null) {
            throw ApiException.notFound("Run with ID " + ex.param("run_id") + " not found");
        }
        return r;
    }

    private void await(Exchange ex, RunRow run) {
        try {
            pipeline.runHere(run);
            run.awaitFinished();
            byte[] result = run.resultJson(); // as stored: no tree made again to be written
            if (result == null) {
                ex.json(200, Json.MAPPER.nullNode());
            } else {
                ex.send(200, "application/json", result);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.status(503, "the server is shutting down");
        } finally {
            pipeline.answered(run);
        }
    }

    /**
     * The stream of a run just created: from its first event; a resumable run on a thread names its
     * join stream in {@code Location}, where LangGraph's SDK reconnects with {@code Last-Event-ID}
     * when the connection breaks before the run ended.
     */
    private void stream(Exchange ex, RunRow run) {
        if (run.request().streamResumable() && !run.temporary()) {
            ex.header("Location", "/threads/" + run.threadId() + "/runs/" + run.id() + "/stream");
        }
        sse(ex, run, 0, run.request().cancelOnDisconnect());
    }

    /**
     * A join stream: from the run's first event, or from the one after the {@code Last-Event-ID}
     * header's id (a client resuming a broken stream); {@code cancel_on_disconnect} cancels the run
     * when this client goes away.
     */
    private void joinStream(Exchange ex) {
        RunRow run = require(ex);
        sse(ex, run, lastEventId(ex) + 1, flag(ex.query("cancel_on_disconnect")));
    }

    /** A boolean query parameter as LangGraph reads one: true, 1 or yes (any case); anything else is false. */
    static boolean flag(String v) {
        return v != null && Set.of("true", "1", "yes").contains(v.toLowerCase(Locale.ROOT));
    }

    /** The {@code Last-Event-ID} header's id, -1 when absent (also LangGraph's SDK's "from the start"). */
    static int lastEventId(Exchange ex) {
        String v = ex.header("Last-Event-ID");
        if (v == null || v.isBlank()) {
            return -1;
        }
        try {
            return Math.max(-1, Integer.parseInt(v.strip()));
        } catch (NumberFormatException e) {
            throw ApiException.invalid(
                    "Last-Event-ID",
                    "Last-Event-ID must be the id of an event of this run's stream (a number), was \"" + v + "\"");
        }
    }

    /**
     * Streams the run's events as SSE, each with its id in the run's stream, from id {@code from}:
     * a late joiner sees them all; on a shared PostgreSQL queue also through a JVM that does not run
     * it (see {@link EventLog}). The client's disconnect shows only when a write fails, so a stream
     * that cancels its run then writes a comment every {@link #PROBE_MILLIS} while no event comes.
     */
    void sse(Exchange ex, RunRow run, int from, boolean cancelOnDisconnect) {
        EventFeed feed = pipeline.feed(run);
        long idle = cancelOnDisconnect ? PROBE_MILLIS : HEARTBEAT_MILLIS;
        ex.stream("text/event-stream", out -> {
            try (out) {
                int next = from;
                while (true) {
                    // asked before the read: a run that had ended by then has every event in the
                    // read, whereas asking after an empty read could skip events added in between
                    boolean ended = feed.closed();
                    List<RunEvents.Event> batch = feed.after(next, ended ? 0 : idle);
                    for (RunEvents.Event e : batch) {
                        out.write(frame(e));
                        next = e.id() + 1;
                    }
                    if (batch.isEmpty()) {
                        if (ended) {
                            break;
                        }
                        out.write(": heartbeat\n\n".getBytes(StandardCharsets.UTF_8));
                    }
                    out.flush();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                // the client went away: the run goes on unless asked otherwise (LangGraph's default: continue)
                if (cancelOnDisconnect && !run.finished()) {
                    pipeline.cancel(run, Stop.of(CancelAction.INTERRUPT, true));
                }
            } finally {
                feed.release();
            }
        });
    }

    private static byte[] frame(RunEvents.Event e) {
        byte[] head = ("event: " + e.name() + "\ndata: ").getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\nid: " + e.id() + "\n\n").getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[head.length + e.data().length + tail.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(e.data(), 0, out, head.length, e.data().length);
        System.arraycopy(tail, 0, out, head.length + e.data().length, tail.length);
        return out;
    }

    private void list(Exchange ex) {
        ThreadRow t = threads.require(ex);
        String status = ex.query("status");
        if (status != null && RunStatus.parse(status) == null) {
            throw ApiException.invalidEnum(
                    List.of("status"),
                    java.util.Arrays.stream(RunStatus.values())
                            .map(RunStatus::wireName)
                            .toList(),
                    Json.MAPPER.getNodeFactory().stringNode(status));
        }
        int limit = intQuery(ex, "limit", 10);
        int offset = intQuery(ex, "offset", 0);
        ArrayNode out = Json.array();
        registry.runs(t.id()).stream()
                .filter(r -> status == null || status.equals(r.status().wireName()))
                .skip(offset)
                .limit(limit)
                .forEach(r -> out.add(r.json()));
        ex.json(200, out);
    }

    /** A number in the query, as zod coerces one: not a number is a 400, and so is one below 0. */
    private static int intQuery(Exchange ex, String name, int dflt) {
        String v = ex.query(name);
        if (v == null || v.isEmpty()) {
            return dflt;
        }
        long n;
        try {
            n = Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            ApiException nan = ApiException.issue(400, List.of(name), "invalid_type", "Expected number, received nan");
            nan.issue().put("expected", "number").put("received", "nan");
            throw nan;
        }
        if (n < 0) {
            throw ApiException.outOfBounds(List.of(name), true, 0);
        }
        return (int) Math.min(n, Integer.MAX_VALUE);
    }

    private void join(Exchange ex) {
        ThreadRow t = threads.require(ex);
        Fields.checkUuid(ex.param("run_id"), "run_id");
        RunRow r = registry.run(t.id(), ex.param("run_id"));
        if (r == null) {
            // LangGraph answers an unknown run's join with an error result, not a 404
            ObjectNode err = Json.object();
            err.set("__error__", Json.object().put("error", "Error").put("message", "Run not found"));
            ex.json(200, err);
            return;
        }
        await(ex, r);
    }

    private void cancel(Exchange ex) {
        RunRow r = require(ex);
        String action = ex.query("action") == null ? "interrupt" : ex.query("action");
        CancelAction parsed = CancelAction.parse(action);
        if (parsed == null) {
            throw ApiException.invalidEnum(
                    List.of("action"),
                    List.of("interrupt", "rollback"),
                    Json.MAPPER.getNodeFactory().stringNode(action));
        }
        pipeline.cancel(r, Stop.of(parsed, true));
        // the cancel is complete when it answers (the run's later writes are fenced off): 204 always
        ex.empty(204);
    }

    private void delete(Exchange ex) {
        RunRow r = require(ex);
        ThreadRow t = threads.require(ex);
        synchronized (t) {
            if (!r.finished()) {
                pipeline.cancel(r, Stop.of(CancelAction.INTERRUPT, true));
            }
            Histories.dropRun(saver, t.id(), r.id());
            registry.dropRun(r);
            ServedGraph g = r.graph();
            Outcome.refresh(t, g);
            registry.save(t);
        }
        ex.empty(204);
    }
}
