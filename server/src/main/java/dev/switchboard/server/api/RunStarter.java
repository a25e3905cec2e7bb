package dev.switchboard.server.api;

import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunOptions;
import dev.switchboard.server.wire.RunRequest;
import dev.switchboard.server.wire.ServedGraph;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/**
 * Creates runs, the one way every run is made (the run endpoints, batches, crons): validates the
 * request, resolves its assistant (whose config, context and metadata the run starts with) and
 * thread (an unknown thread is a 422 unless {@code if_not_exists: "create"}; a stateless run gets a
 * thread of its own, deleted after it unless {@code on_completion: "keep"}), then hands the run to
 * the pipeline, which starts or queues it by its multitask strategy (or at its {@code
 * after_seconds}).
 */
public final class RunStarter {
    private final Registry registry;
    private final Assistants assistants;
    private final RunPipeline pipeline;
    private final Consumer<RunOptions> check;
    private final Threads threads;
    /** The metadata of a thread a run makes for its owner (the owner's authorization filter). */
    private volatile java.util.function.Function<String, ObjectNode> madeThreads = owner -> Json.object();

    /**
     * A starter.
     *
     * @param registry the rows
     * @param assistants the assistants
     * @param pipeline the runs
     * @param check checks a request's options before anything is written (the webhook URL policy)
     * @param threads the thread endpoints (whether a thread has the checkpoint a run starts from)
     */
    public RunStarter(
            Registry registry,
            Assistants assistants,
            RunPipeline pipeline,
            Consumer<RunOptions> check,
            Threads threads) {
        this.threads = threads;
        this.registry = registry;
        this.assistants = assistants;
        this.pipeline = pipeline;
        this.check = check;
    }

    /**
     * What to start.
     *
     * @param owner the caller, who owns a thread made for the run
     * @param threadId the thread, or null for a stateless run
     * @param body the request body
     * @param waits whether the request waits for the run's end (a stateless wait then runs it on
     *     its own thread)
     * @param runId the run's id, or null for a new random one (a cron's firing has a fixed one)
     * @param newThreadId the id of a stateless run's thread, or null for a new random one
     */
    public record Start(
            String owner, String threadId, ObjectNode body, boolean waits, String runId, String newThreadId) {
        /**
         * A run a client asked for.
         *
         * @param owner the caller
         * @param threadId the thread, or null
         * @param body the body
         * @param wait whether the request waits for the run's end
         * @return the start
         */
        public static Start of(String owner, String threadId, ObjectNode body, boolean wait) {
            return new Start(owner, threadId, body, wait, null, null);
        }
    }

    /**
     * The parsed and resolved request of a start, checked without writing anything.
     *
     * @param assistant the assistant
     * @param body the body as the run executes it
     * @param request the parsed request
     * @param options its other options
     */
    public record Checked(Assistants.Resolved assistant, ObjectNode body, RunRequest request, RunOptions options) {}

    /**
     * Checks a request: every field, its assistant, its context, its options.
     *
     * @param body the request body
     * @param stateless whether the run has no thread of its own
     * @return the checked request
     */
    public Checked check(ObjectNode body, boolean stateless) {
        RunOptions options = RunOptions.parse(body);
        boolean temporary = stateless && !options.keepThread();
        Assistants.Resolved a =
                assistants.resolve(RunRequest.parse(body, temporary).assistantId());
        ObjectNode effective = a.applyTo(body);
        RunRequest req = RunRequest.parse(effective, temporary);
        a.graph().validate(req.input(), req.command()); // before any row: a 422 leaves nothing behind
        a.graph().context(req.context()); // a context the graph cannot read is refused now
        check.accept(options);
        return new Checked(a, effective, req, options);
    }

    /**
     * Starts (or queues) a run.
     *
     * @param s what to start
     * @return the run, as created
     */
    public RunRow start(Start s) {
        return start(s, check(s.body(), s.threadId() == null));
    }

    /**
     * Starts (or queues) a run already checked.
     *
     * @param s what to start
     * @param c its checked request
     * @return the run, as created
     */
    public RunRow start(Start s, Checked c) {
        ServedGraph g = c.assistant().graph();
        RunRequest req = c.request();
        ThreadRow t = thread(s, req, c.options());
        if (req.checkpointId() != null && !threads.hasCheckpoint(t, req.checkpointId())) {
            throw ApiException.notFound("Checkpoint " + req.checkpointId() + " not found on thread " + t.id());
        }
        boolean here = s.waits() && t.temporary() && !c.options().delayed();
        synchronized (t) {
            RunRow run = newRun(s, t, c);
            if (!here) { // else never answered nor stored
                run.created(); // LangGraph answers the row as inserted, before a worker takes it
            }
            // the run's row, the thread's status and metadata commit as one (a temporary thread's
            // rows are never stored); the thread's monitor first, as every other path takes them
            RunPipeline.Submission[] submitted = new RunPipeline.Submission[1];
            Runnable submit = () -> {
                submitted[0] = pipeline.submit(
                        t,
                        run,
                        here,
                        Json.object().put("graph_id", g.graphId()).put("assistant_id", req.assistantId()));
            };
            if (t.temporary()) {
                submit.run();
            } else {
                registry.transaction(submit);
            }
            submitted[0].go(); // committed: the runs it replaces stop, it starts
            return run;
        }
    }

    /**
     * What a thread a run makes for an owner (a stateless run's kept thread, {@code if_not_exists:
     * "create"}, a protocol {@code run.start} on a new id, a cron's firing) gets in its metadata, as
     * an explicit create would: the authorization filter of the owner's thread creation, so the
     * owner finds the thread under that filter afterwards.
     *
     * @param metadata the owner to the metadata (empty for none); may throw the create's denial
     */
    public void madeThreads(java.util.function.Function<String, ObjectNode> metadata) {
        this.madeThreads = Objects.requireNonNull(metadata, "metadata");
    }

    /**
     * The metadata of a thread a run makes for an owner (see {@link #madeThreads}).
     *
     * @param owner the owner, or null without authentication
     * @return the metadata, a fresh object
     */
    public ObjectNode madeThreadMetadata(String owner) {
        return owner == null ? Json.object() : madeThreads.apply(owner);
    }

    /** A new run; its metadata is its assistant's, under its thread's, under the request's (LangGraph's order). */
    private static RunRow newRun(Start s, ThreadRow t, Checked c) {
        ObjectNode md = c.assistant().metadata();
        t.metadata().properties().forEach(e -> md.set(e.getKey(), e.getValue()));
        c.request().metadata().properties().forEach(e -> md.set(e.getKey(), e.getValue()));
        md.put("graph_id", c.assistant().graph().graphId());
        md.put("assistant_id", c.request().assistantId());
        String id = s.runId() != null ? s.runId() : UUID.randomUUID().toString();
        ServedGraph g = c.assistant().graph();
        if (c.options().delayed()) {
            Instant at = Instant.now().plusMillis(Math.round(c.options().afterSeconds() * 1000));
            return new RunRow(id, t.id(), g, c.body(), c.request(), md, at);
        }
        return new RunRow(id, t.id(), g, c.body(), c.request(), md);
    }

    private ThreadRow thread(Start s, RunRequest req, RunOptions options) {
        if (s.threadId() == null) {
            String id = s.newThreadId() != null
                    ? s.newThreadId()
                    : UUID.randomUUID().toString();
            ThreadRow fresh = new ThreadRow(
                    id,
                    s.owner(),
                    options.keepThread() ? madeThreadMetadata(s.owner()) : Json.object(),
                    !options.keepThread());
            ThreadRow stored = registry.addThread(fresh);
            if (!Objects.equals(stored.owner(), s.owner())) {
                throw ApiException.status(409, "Thread with ID " + id + " already exists");
            }
            return stored;
        }
        Threads.checkUuid(s.threadId(), "thread_id");
        ThreadRow t = registry.thread(s.threadId(), s.owner());
        if (t != null) {
            return t;
        }
        if (req.ifNotExists().equals("create")) {
            ThreadRow stored =
                    registry.addThread(new ThreadRow(s.threadId(), s.owner(), madeThreadMetadata(s.owner()), false));
            if (Objects.equals(stored.owner(), s.owner())) {
                return stored;
            }
        }
        throw ApiException.status(422, "Thread with ID " + s.threadId() + " not found");
    }

    /**
     * Where a run is found: its own path for a stateless run, its thread's otherwise. The path is
     * relative to the API's root, as LangGraph's server answers it and as its SDK reads it (appended
     * to the client's API URL), so it holds when an application serves the API under a context path.
     *
     * @param run the run
     * @return the path
     */
    public static String location(RunRow run) {
        return run.temporary() ? "/runs/" + run.id() : "/threads/" + run.threadId() + "/runs/" + run.id();
    }
}
