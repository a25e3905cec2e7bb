package dev.switchboard.server;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.server.a2a.A2aEndpoint;
import dev.switchboard.server.api.AccessGate;
import dev.switchboard.server.api.Assistants;
import dev.switchboard.server.api.Crons;
import dev.switchboard.server.api.RunStarter;
import dev.switchboard.server.api.Runs;
import dev.switchboard.server.api.StoreEndpoints;
import dev.switchboard.server.api.Studio;
import dev.switchboard.server.api.ThreadStreams;
import dev.switchboard.server.api.ThreadUpkeep;
import dev.switchboard.server.api.Threads;
import dev.switchboard.server.api.UiBundles;
import dev.switchboard.server.api.Webhooks;
import dev.switchboard.server.auth.Authorization;
import dev.switchboard.server.auth.ThreadIds;
import dev.switchboard.server.http.ApiHandler;
import dev.switchboard.server.http.Dispatcher;
import dev.switchboard.server.http.HeapGuard;
import dev.switchboard.server.http.JdkTransport;
import dev.switchboard.server.http.Router;
import dev.switchboard.server.http.SocketFront;
import dev.switchboard.server.mcp.McpEndpoint;
import dev.switchboard.server.postgres.EventLog;
import dev.switchboard.server.postgres.PostgresRunQueue;
import dev.switchboard.server.postgres.QueueWorker;
import dev.switchboard.server.protocol.ThreadChannels;
import dev.switchboard.server.rows.AssistantTable;
import dev.switchboard.server.rows.CronTable;
import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RowStore;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.rows.WebhookTable;
import dev.switchboard.server.runs.LocalRunQueue;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.ServedGraph;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * An HTTP server speaking LangGraph Server's API for Switchboard graphs, so that LangGraph's own
 * clients (the JS and Python SDKs, Studio, {@code useStream}) drive them: one system assistant per
 * registered graph, threads, background / waited / streamed (SSE) runs, interrupts and resumes,
 * cancel, and the multitask strategies for a run created on a busy thread. It listens on
 * 127.0.0.1 unless told otherwise. Checkpoints, threads and runs go to one database: by default
 * the SQLite file {@code switchboard-server.db}, or the one {@link ServerBuilder#database} names
 * (SQLite or PostgreSQL), so a restarted server keeps its threads, runs and their statuses, and
 * the runs it left unfinished continue from their last checkpoint. With a saver given by {@link
 * ServerBuilder#checkpointer} instead, threads and runs are kept in this JVM's memory only. Several
 * server JVMs on one PostgreSQL database share its run queue (see {@link ServerBuilder#lease}, {@link
 * ServerBuilder#maxRuns}, {@link ServerBuilder#worker}): a run goes to whichever JVM is free, and a dead JVM's
 * runs continue on another once their leases expire.
 * Studio, a page to draw, run, inspect and time-travel the graphs in a browser, is served at
 * {@code /studio/}. A long-term memory {@link Store} is served at {@code /store/...} and given to
 * every graph whose builder has none, so nodes reach it with {@code ctx.store()}: the one {@link
 * ServerBuilder#store} names, else a store in the server's database (or in memory, with a {@link
 * ServerBuilder#checkpointer}).
 *
 * <pre>{@code
 * try (SwitchboardServer server = SwitchboardServer.builder()
 *         .graph("chain", ChainGraph.builder(new Chain()))
 *         .checkpointer(SqliteSaver.file(Path.of("server.db")))
 *         .port(2024)
 *         .build()
 *         .start()) {
 *     ...
 * }
 * }</pre>
 */
public final class SwitchboardServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SwitchboardServer.class);

    private final ServerBuilder settings;
    private final Map<String, ServedGraph> graphs;
    private final CheckpointSaver saver;
    /** The saver the server opened (default file or {@link ServerBuilder#database}) and so closes; else null. */
    private final JdbcSaver ownSaver;

    private final RowStore rows;
    private final ThreadUpkeep upkeep;
    /** Sweeps threads past their time to live; started with the server. */
    private final ScheduledExecutorService sweeper;

    private final AssistantTable assistantTable;
    private final CronTable cronTable;
    private final WebhookTable webhookTable;
    private final Webhooks webhooks;
    private final ThreadIds threadIds;
    private final Crons crons;
    private final Store store;
    /** Whether the server opened {@link #store} (and so closes it). */
    private final boolean ownStore;

    private final RunPipeline pipeline;
    /** The threads' streaming protocol channels. */
    private final ThreadChannels channels;

    private final ApiHandler handler;
    private final HeapGuard heap;
    private final Router router;
    /** The worker on the shared run queue when the database is PostgreSQL; else null. */
    private final QueueWorker worker;
    /** The shared run events when the database is PostgreSQL; else null. */
    private final EventLog events;

    private JdkTransport http;
    /** The listener in front of {@link #http} when the server takes WebSockets; else null. */
    private SocketFront front;

    private boolean started;
    /** The database as logs name it, without credentials. */
    private final String where;
    /** Released by {@link #close()}: a worker-only JVM's non-daemon thread waits for it. */
    private final CountDownLatch closed = new CountDownLatch(1);
    /** The database the parts were opened on (its pool closed last); null with only a saver. */
    private final ServerDatabase db;

    SwitchboardServer(ServerBuilder b, ServerDatabase db) {
        this.settings = b;
        this.db = db;
        this.ownSaver = b.checkpointer == null ? db.openSaver() : null;
        this.saver = b.checkpointer != null ? b.checkpointer : ownSaver;
        String where = (saver instanceof JdbcSaver jdbc ? jdbc.database() : db == null ? "memory" : db.describe())
                + (b.schema == null ? "" : " (schema " + b.schema + ")");
        this.where = where;
        this.rows = db == null ? RowStore.NONE : db.openRows(where);
        this.ownStore = b.store == null;
        this.store = b.store != null ? b.store : db == null ? new InMemoryStore() : db.openStore();
        Map<String, ServedGraph> served = new LinkedHashMap<>();
        b.graphs.forEach((id, graph) -> served.put(id, graph.serve(id, saver, store)));
        this.graphs = served;
        boolean shared = db != null && db.shared();
        Registry registry = new Registry(rows, shared);
        LocalRunQueue local = new LocalRunQueue(registry);
        if (shared) {
            String owner = UUID.randomUUID().toString();
            Map<String, Integer> versions = new LinkedHashMap<>();
            graphs.forEach((id, g) -> versions.put(id, g.graph().schema().version()));
            PostgresRunQueue queue =
                    PostgresRunQueue.open(db.pool(), fenced(saver), owner, b.lease.toMillis(), versions);
            this.pipeline = new RunPipeline(owner, registry, saver, queue, local, b.maxRuns, b.eventBytes);
            this.events = EventLog.open(db.pool(), where);
            this.worker = new QueueWorker(
                    db::dedicated, queue, events, new QueueWorker.Settings(b.lease, b.heartbeat, b.poll), pipeline);
            pipeline.shared(events, worker::wake, worker::roomFreed, worker::waitsForRoom, b.lease.plus(b.heartbeat));
        } else {
            this.pipeline = new RunPipeline(
                    UUID.randomUUID().toString(), registry, saver, local, local, b.maxRuns, b.eventBytes);
            this.events = null;
            this.worker = null;
        }
        this.assistantTable = db == null ? AssistantTable.open((String) null, "memory") : db.openAssistants(where);
        this.cronTable = db == null ? CronTable.open((String) null, "memory") : db.openCrons(where);
        Assistants assistants = new Assistants(graphs, assistantTable);
        List<RunRow> unfinished = registry.load(graphs::get);
        this.router = new Router();
        Threads threads = new Threads(registry, assistants, saver, pipeline);
        assistants.routes(router);
        threads.routes(router);
        this.webhookTable = db == null ? WebhookTable.open((String) null, "memory") : db.openWebhooks(where);
        // a retry is made by whichever server looks first: look at least as often as retries are due
        Duration webhookPoll = b.webhookRetry.compareTo(Duration.ofSeconds(1)) < 0
                ? Duration.ofMillis(Math.max(10, b.webhookRetry.toMillis()))
                : Duration.ofSeconds(1);
        this.webhooks = new Webhooks(b.webhookPolicy, b.webhookRetry, webhookPoll, webhookTable);
        this.threadIds = b.ownerScopedThreadIds ? threadIds(rows) : ThreadIds.global();
        webhooks.threadIds(id -> {
            ThreadRow t = registry.thread(id);
            return t == null ? id : this.threadIds.map(t.owner(), id);
        });
        if (worker != null) { // a run's webhook call commits with its end: a crash between them loses none
            worker.queue().endRows((run, outcome) -> {
                WebhookTable.Delivery call = webhooks.call(run, outcome);
                return call == null ? null : c -> WebhookTable.add(c, call, System.currentTimeMillis());
            });
        }
        RunStarter starter = new RunStarter(registry, assistants, pipeline, webhooks::check, threads);
        Runs runs = new Runs(registry, threads, saver, pipeline, starter);
        runs.routes(router);
        this.channels = new ThreadChannels(registry, pipeline);
        new ThreadStreams(registry, assistants, runs, channels).routes(router);
        this.upkeep = new ThreadUpkeep(registry, threads, saver, pipeline);
        upkeep.routes(router);
        this.crons = new Crons(registry, starter, cronTable, pipeline);
        pipeline.onEnded((run, outcome) -> {
            webhooks.ended(run, outcome); // first: a webhook's call is written before a thread goes
            crons.ended(run, outcome);
        });
        crons.routes(router);
        new StoreEndpoints(store).routes(router);
        Studio.routes(router);
        b.uiBundles.keySet().forEach(id -> {
            if (!graphs.containsKey(id)) {
                throw new IllegalArgumentException(
                        "ui(\"" + id + "\", ...) names no graph of this server; graphs: " + graphs.keySet());
            }
        });
        new UiBundles(b.uiBundles, assistants).routes(router);
        // MCP and A2A call the API in-process through the handler built below, with each caller's
        // credentials (see Loopback); tools and cards describe a graph with its generated description
        Function<String, String> descriptions = id -> {
            ServedGraph g = graphs.get(id);
            return g == null ? null : g.graph().description();
        };
        new McpEndpoint(this::handler, "0.1.0", descriptions).routes(router);
        new A2aEndpoint(this::handler, descriptions).routes(router);
        router.open("GET", "/ok", ex -> ex.json(200, Json.object().put("ok", true)));
        router.add("GET", "/info", ex -> ex.json(200, info()));
        this.heap = new HeapGuard(b.shedAbove);
        Dispatcher dispatcher = new Dispatcher(
                router,
                b.authenticator == null ? null : b.authenticator::authenticate,
                b.maxBodyBytes,
                b.origins(),
                b.jsonChecks,
                heap);
        // the gate runs for every authenticated caller (a transport may authenticate without an
        // Authenticator): it scopes thread ids to their owner even when no handler narrows further
        AccessGate gate = new AccessGate(
                b.authorization != null
                        ? b.authorization
                        : Authorization.builder().build(),
                registry,
                assistants,
                cronTable,
                this.threadIds);
        dispatcher.gate(gate);
        starter.madeThreads(gate::madeThreadMetadata); // a thread a run makes is stamped as a created one
        this.handler = dispatcher;
        if (!shared) {
            pipeline.recover(unfinished); // on PostgreSQL the queue hands unfinished runs to a worker
        }
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "switchboard-thread-ttl");
            t.setDaemon(true);
            return t;
        });
    }

    /** The key of owner-scoped thread ids, one per database (stored by the first server). */
    private static ThreadIds threadIds(RowStore rows) {
        java.util.Base64.Encoder enc = java.util.Base64.getEncoder();
        String stored = rows.secret("thread_ids", enc.encodeToString(ThreadIds.freshSecret()));
        return new ThreadIds(java.util.Base64.getDecoder().decode(stored));
    }

    /** A graph to serve, from its builder or already built. */
    @FunctionalInterface
    interface GraphSource {
        ServedGraph serve(String id, CheckpointSaver saver, Store store);
    }

    @SuppressWarnings("unchecked")
    static ServedGraph served(String id, CompiledGraph<?, ?, ?> graph) {
        return new ServedGraph(id, (CompiledGraph<Object, StateUpdate, Object>) graph);
    }

    /**
     * The saver through which the PostgreSQL queue fences each claimed run's commits: a JDBC saver,
     * on the server's database (checked by {@link ServerBuilder#build}).
     */
    private static JdbcSaver fenced(CheckpointSaver saver) {
        return (JdbcSaver) saver;
    }

    /**
     * A builder; register at least one graph.
     *
     * @return a new builder
     */
    public static ServerBuilder builder() {
        return new ServerBuilder();
    }

    /**
     * Binds the port and starts answering; on PostgreSQL also starts claiming runs from the shared
     * queue (a {@link ServerBuilder#worker() worker-only} server only claims). A worker-only server keeps
     * its JVM running until {@link #close()} (its queue threads are daemons, so it starts a
     * non-daemon thread that waits for the close): {@code main} may return after {@code start()}.
     *
     * @return this server
     * @throws IOException if the address cannot be bound
     */
    public synchronized SwitchboardServer start() throws IOException {
        if (started) {
            throw new IllegalStateException("the server is already started");
        }
        started = true;
        if (worker != null) {
            worker.start();
        }
        long every = settings.ttlSweep.toMillis();
        sweeper.scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.MILLISECONDS);
        webhooks.start();
        long tick = settings.cronTick.toMillis();
        sweeper.scheduleWithFixedDelay(this::fireCrons, 0, tick, TimeUnit.MILLISECONDS);
        if (!settings.workerOnly && settings.httpServer) {
            if (settings.webSockets) {
                // the JDK server cannot switch a connection to a WebSocket: a front listener takes
                // the handshakes and relays every other connection to it on a loopback port
                http = JdkTransport.start("127.0.0.1", 0, handler, settings.requestThreads, settings.readTimeout);
                front = SocketFront.start(
                        settings.host,
                        settings.port,
                        handler,
                        http.port(),
                        settings.requestThreads,
                        settings.readTimeout);
            } else {
                http = JdkTransport.start(
                        settings.host, settings.port, handler, settings.requestThreads, settings.readTimeout);
            }
        }
        if (settings.workerOnly) {
            Thread alive = new Thread(this::awaitClose, "switchboard-worker-alive");
            alive.setDaemon(false); // the JVM of a worker-only server lives until close()
            alive.start();
        }
        LOG.info(
                "Switchboard server {}: graphs {}, database {}, {}",
                http != null ? "listening on " + url() : settings.workerOnly ? "started" : "started without HTTP",
                graphs.keySet(),
                where,
                worker == null
                        ? "runs in this JVM (up to " + settings.maxRuns + " at once)"
                        : (settings.workerOnly ? "worker only, " : "") + "shared PostgreSQL run queue (up to "
                                + settings.maxRuns + " runs at once here)");
        return this;
    }

    private void awaitClose() {
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The whole HTTP API as one request-to-response function, for serving it from another HTTP
     * server than the built-in one (a Spring MVC or WebFlux controller, a servlet): hand each
     * request to it and write its response back, streaming a streamed body as it comes. It
     * authenticates, checks and answers errors itself. Usable without {@link #start()} (which only
     * binds the built-in server and, on PostgreSQL, starts claiming runs).
     *
     * @return the handler
     */
    public ApiHandler handler() {
        return handler;
    }

    /** Where the threads and runs are stored (tests count the rows a search reads). */
    RowStore rows() {
        return rows;
    }

    /** The worker on the shared queue (tests stall its heartbeat); null unless on PostgreSQL. */
    QueueWorker worker() {
        return worker;
    }

    /** What runs the runs (tests keep a front from running any). */
    RunPipeline pipeline() {
        return pipeline;
    }

    /** The shared run events (tests prune them); null unless on PostgreSQL. */
    EventLog events() {
        return events;
    }

    /**
     * The port listened on (the one chosen by the system when the builder said 0).
     *
     * @return the port
     */
    public int port() {
        if (http == null) {
            throw new IllegalStateException("the server listens on no port: it is not started, is a worker, or"
                    + " another HTTP server serves its handler()");
        }
        return front != null ? front.port() : http.port();
    }

    /**
     * The id a thread an owner names is stored under (what nodes see in their config, what the
     * checkpoint tables and logs hold): in-process code that reads a thread a client made through
     * the API, e.g. {@code graph.getState(RunConfig.thread(server.storedThreadId(user, id)))}, maps
     * it with this. Without an owner, or with {@code ownerScopedThreadIds(false)}, the id itself.
     *
     * @param owner the identity the authenticator (or the transport) answered, or null
     * @param threadId the thread id as the client names it
     * @return the stored id
     */
    public String storedThreadId(String owner, String threadId) {
        return threadIds.map(owner, threadId);
    }

    /**
     * The base URL clients use, e.g. {@code http://127.0.0.1:2024}.
     *
     * @return the URL
     */
    public URI url() {
        return URI.create("http://" + settings.host + ":" + port());
    }

    /** Deletes or prunes the threads past their time to live; a failure waits for the next sweep. */
    private void sweep() {
        try {
            upkeep.sweep();
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(SwitchboardServer.class)
                    .warn("sweeping threads past their ttl failed: {}", e.getMessage());
        }
    }

    /** Starts the runs of the crons due; a failure waits for the next tick. */
    private void fireCrons() {
        try {
            crons.fireDue();
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(SwitchboardServer.class).warn("firing the crons due failed: {}", e.getMessage());
        }
    }

    /**
     * Stops listening and stops the runs of this JVM where they are: nothing they compute from now
     * on is stored, so each keeps its last committed checkpoint and stays unfinished in the
     * server's tables; a server started later on the same database continues it from there.
     * Closes the saver and tables the server opened.
     */
    @Override
    public synchronized void close() {
        if (started && closed.getCount() > 0) {
            LOG.info("Switchboard server stopping: graphs {}, database {}", graphs.keySet(), where);
        }
        closed.countDown();
        sweeper.shutdownNow();
        if (front != null) {
            front.close();
            front = null;
        }
        if (http != null) {
            http.close();
            http = null;
        }
        channels.close();
        pipeline.close();
        heap.close();
        if (worker != null) {
            worker.close();
            events.close();
        }
        rows.close();
        assistantTable.close();
        cronTable.close();
        webhooks.close();
        webhookTable.close();
        if (ownStore) {
            store.close();
        }
        if (ownSaver != null) {
            ownSaver.close();
        }
        if (db != null) {
            db.close(); // last: the parts above borrow from its pool
        }
    }

    /** The routes served, for the tests: {@code METHOD /template}. */
    List<String> routes() {
        return router.routes();
    }

    private ObjectNode info() {
        ObjectNode o = Json.object();
        o.put("version", "switchboard");
        ObjectNode flags = o.putObject("flags");
        flags.put("assistants", true);
        flags.put("crons", true);
        flags.put("langsmith", false);
        return o;
    }
}
