package dev.switchboard.server;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSchema;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphBuilder;
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
import dev.switchboard.server.http.Origins;
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
import dev.switchboard.server.runs.RunMdc;
import dev.switchboard.server.runs.RunPipeline;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.JsonChecks;
import dev.switchboard.server.wire.ServedGraph;
import dev.switchboard.server.wire.WebhookPolicy;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * An HTTP server speaking LangGraph Server's API for Switchboard graphs, so that LangGraph's own
 * clients (the JS and Python SDKs, Studio, {@code useStream}) drive them: one system assistant per
 * registered graph, threads, background / waited / streamed (SSE) runs, interrupts and resumes,
 * cancel, and the multitask strategies for a run created on a busy thread. It listens on
 * 127.0.0.1 unless told otherwise. Checkpoints, threads and runs go to one database: by default
 * the SQLite file {@code switchboard-server.db}, or the one {@link Builder#database} names
 * (SQLite or PostgreSQL), so a restarted server keeps its threads, runs and their statuses, and
 * the runs it left unfinished continue from their last checkpoint. With a saver given by {@link
 * Builder#checkpointer} instead, threads and runs are kept in this JVM's memory only. Several
 * server JVMs on one PostgreSQL database share its run queue (see {@link Builder#lease}, {@link
 * Builder#maxRuns}, {@link Builder#worker}): a run goes to whichever JVM is free, and a dead JVM's
 * runs continue on another once their leases expire.
 * Studio, a page to draw, run, inspect and time-travel the graphs in a browser, is served at
 * {@code /studio/}. A long-term memory {@link Store} is served at {@code /store/...} and given to
 * every graph whose builder has none, so nodes reach it with {@code ctx.store()}: the one {@link
 * Builder#store} names, else a store in the server's database (or in memory, with a {@link
 * Builder#checkpointer}).
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

    private final Builder settings;
    private final Map<String, ServedGraph> graphs;
    private final CheckpointSaver saver;
    /** The saver the server opened (default file or {@link Builder#database}) and so closes; else null. */
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

    private SwitchboardServer(Builder b, ServerDatabase db) {
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
                    db.pool(), queue, events, new QueueWorker.Settings(b.lease, b.heartbeat, b.poll), pipeline);
            pipeline.shared(events, worker::wake, worker::roomFreed, b.lease.plus(b.heartbeat));
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
    private interface GraphSource {
        ServedGraph serve(String id, CheckpointSaver saver, Store store);
    }

    @SuppressWarnings("unchecked")
    private static ServedGraph served(String id, CompiledGraph<?, ?, ?> graph) {
        return new ServedGraph(id, (CompiledGraph<Object, StateUpdate, Object>) graph);
    }

    /**
     * The saver through which the PostgreSQL queue fences each claimed run's commits: a JDBC saver,
     * on the server's database (checked by {@link Builder#build}).
     */
    private static JdbcSaver fenced(CheckpointSaver saver) {
        return (JdbcSaver) saver;
    }

    /**
     * A builder; register at least one graph.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Binds the port and starts answering; on PostgreSQL also starts claiming runs from the shared
     * queue (a {@link Builder#worker() worker-only} server only claims). A worker-only server keeps
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

    /** Registers graphs and settles where the server listens and where checkpoints go. */
    public static final class Builder {
        private final Map<String, GraphSource> graphs = new LinkedHashMap<>();
        private final Map<String, Path> uiBundles = new LinkedHashMap<>();
        private CheckpointSaver checkpointer;
        private String databaseUrl;
        private DataSource dataSource;
        private String schema;
        private boolean httpServer = true;
        private Path defaultFile = Path.of("switchboard-server.db");
        private String host = "127.0.0.1";
        private int port = 2024;
        private int maxBodyBytes = 1 << 20;
        private int requestThreads = 256;
        private Duration readTimeout = Duration.ofSeconds(30);
        private boolean webSockets;
        private Authenticator authenticator;
        private Authorization authorization;
        private boolean ownerScopedThreadIds = true;
        private Store store;
        private Set<String> allowedOrigins = Set.of();
        private JsonChecks jsonChecks = JsonChecks.DEFAULT;
        private Set<String> allowedHosts = Set.of();
        private Duration lease = Duration.ofSeconds(5);
        private Duration heartbeat = Duration.ofSeconds(1);
        private Duration poll = Duration.ofSeconds(2);
        private int maxRuns = 16;
        private long eventBytes = Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 8);
        private double shedAbove = 0.85;
        private boolean workerOnly;
        private Duration ttlSweep = Duration.ofMinutes(1);
        private Duration cronTick = Duration.ofSeconds(5);
        private WebhookPolicy webhookPolicy = WebhookPolicy.DEFAULT;
        private Duration webhookRetry = Duration.ofSeconds(1);

        private Builder() {}

        /**
         * The lease of a run a server JVM claimed from the PostgreSQL queue, and how often it is
         * renewed: a JVM that dies (or stalls) longer than {@code lease} loses its runs to the
         * other JVMs, which continue them from their last checkpoint. 5 s and 1 s by default;
         * ignored on SQLite (one JVM, no queue).
         *
         * @param lease how long a claim holds without renewal
         * @param heartbeat how often the claims are renewed, well under {@code lease}
         * @return this builder
         */
        public Builder lease(Duration lease, Duration heartbeat) {
            if (heartbeat.isNegative() || heartbeat.isZero() || heartbeat.compareTo(lease) >= 0) {
                throw new IllegalArgumentException(
                        "heartbeat must be positive and shorter than the lease, was " + heartbeat + " for " + lease);
            }
            this.lease = lease;
            this.heartbeat = heartbeat;
            return this;
        }

        /**
         * How many queued runs this JVM runs at once (16 by default); more wait for a free worker
         * here or elsewhere. Applies on PostgreSQL, where it also sizes the JVM's connection pool
         * on a {@link #database(String) URL}: {@code 2 + ceil(maxRuns / 4)} connections.
         *
         * @param runs the limit
         * @return this builder
         */
        public Builder maxRuns(int runs) {
            if (runs < 1) {
                throw new IllegalArgumentException("maxRuns must be positive, was " + runs);
            }
            this.maxRuns = runs;
            return this;
        }

        /**
         * How often threads past their time to live ({@code ttl} on a thread's create or patch: so
         * many minutes without a change) are deleted, or pruned to their latest checkpoint; every
         * minute by default.
         *
         * @param every the interval
         * @return this builder
         */
        public Builder threadTtlSweep(Duration every) {
            if (every.isNegative() || every.isZero()) {
                throw new IllegalArgumentException("threadTtlSweep must be positive, was " + every);
            }
            this.ttlSweep = every;
            return this;
        }

        /**
         * How often the crons due are fired: every five seconds by default, so a cron fires at most
         * that late. Schedules with a seconds field want a shorter tick.
         *
         * @param every the interval
         * @return this builder
         */
        public Builder cronTick(Duration every) {
            if (every.isNegative() || every.isZero()) {
                throw new IllegalArgumentException("cronTick must be positive, was " + every);
            }
            this.cronTick = every;
            return this;
        }

        /**
         * Which URLs runs and crons may name as their {@code webhook}: by default HTTPS only and
         * never an internal address (see {@link WebhookPolicy}).
         *
         * @param policy the policy
         * @return this builder
         */
        public Builder webhooks(WebhookPolicy policy) {
            this.webhookPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * How long a failed webhook call waits before it is tried again (doubled for each next
         * try, five calls in all): a second by default. The calls waiting are rows of the server's
         * database, made by whichever server of it looks first (each looks every second, or every
         * {@code firstRetry} when that is shorter), so a restart or a crash loses none.
         *
         * @param firstRetry the first wait
         * @return this builder
         */
        public Builder webhookRetry(Duration firstRetry) {
            if (firstRetry.isNegative()) {
                throw new IllegalArgumentException("webhookRetry must not be negative, was " + firstRetry);
            }
            this.webhookRetry = firstRetry;
            return this;
        }

        /**
         * A worker only: {@link SwitchboardServer#start} binds no port and only runs what the
         * PostgreSQL queue holds, for runs created through the other server JVMs on the database.
         * It keeps its JVM running until {@link SwitchboardServer#close()} (call it from a shutdown
         * hook to hand its runs back on SIGTERM).
         *
         * @return this builder
         */
        public Builder worker() {
            this.workerOnly = true;
            return this;
        }

        /**
         * Serves a graph under {@code graphId}, which is also the name of its system assistant. The
         * server sets the builder's checkpointer (its own, see {@link #checkpointer}) and builds it.
         * Requests are decoded with the graph's input channels ({@code @Graph(input = ...)}, else its
         * state's) and answered with its state and output channels, as LangGraph Server does.
         *
         * @param graphId the graph id clients use as {@code assistant_id}
         * @param graph the generated graph's builder, e.g. {@code ChainGraph.builder(new Chain())}
         * @return this builder
         */
        public Builder graph(String graphId, GraphBuilder<?, ? extends CompiledGraph<?, ?, ?>> graph) {
            Objects.requireNonNull(graph, "graph");
            return register(graphId, (id, saver, store) -> {
                graph.checkpointer(saver);
                // a superstep's parallel tasks log with the run's MDC keys too
                graph.executor(graph.executor().map(RunMdc::executor).orElseGet(RunMdc::executor));
                if (graph.store().isEmpty()) {
                    graph.store(store);
                }
                return served(id, graph.build());
            });
        }

        /**
         * Serves a graph built elsewhere under {@code graphId}, e.g. a Spring bean built by the
         * starter's {@code SwitchboardGraphs}. The server reads and writes its threads through the
         * graph's own checkpointer, so the graph must have been built with the same saver as the
         * server's {@link #checkpointer} (runs use the server's saver in any case).
         *
         * @param graphId the graph id clients use as {@code assistant_id}
         * @param graph the built graph
         * @return this builder
         */
        public Builder graph(String graphId, CompiledGraph<?, ?, ?> graph) {
            Objects.requireNonNull(graph, "graph");
            return register(graphId, (id, saver, store) -> served(id, graph));
        }

        private Builder register(String graphId, GraphSource graph) {
            Objects.requireNonNull(graphId, "graphId");
            if (graphs.containsKey(graphId)) {
                throw new IllegalArgumentException("graph '" + graphId + "' is already registered");
            }
            graphs.put(graphId, graph);
            return this;
        }

        /**
         * Where checkpoints go, when not to a saver the server opens on its database. Alone, it
         * keeps threads and runs in memory only (a restart forgets them). With a {@link #database}
         * too, checkpoints go to this saver and threads and runs to the database; on PostgreSQL it
         * must then be a {@code JdbcSaver} on that same database (e.g. {@code
         * PostgresSaver.dataSource(dataSource)}), through which the shared run queue fences each
         * run's commits. By default everything goes to the SQLite file {@code
         * switchboard-server.db} in the working directory.
         *
         * @param saver the saver
         * @return this builder
         */
        public Builder checkpointer(CheckpointSaver saver) {
            this.checkpointer = Objects.requireNonNull(saver, "saver");
            return this;
        }

        /**
         * The database that holds the server's threads and runs, and its checkpoints and store
         * unless a {@link #checkpointer} or {@link #store} is given: {@code jdbc:sqlite:<file>} or
         * {@code jdbc:postgresql://...} (its driver on the classpath). On PostgreSQL every part of
         * the server (saver, Store, thread and run rows, assistants, crons, run queue and events)
         * borrows from one pool of {@code 2 + ceil(maxRuns / 4)} connections for one transaction at
         * a time, and the queue's worker keeps one more to {@code LISTEN} and renew its leases on:
         * at most {@code 3 + ceil(maxRuns / 4)} connections per JVM, 7 at the default 16 runs. A
         * part that finds the pool busy for 30 s fails with an error naming it.
         *
         * @param jdbcUrl the JDBC URL
         * @return this builder
         */
        public Builder database(String jdbcUrl) {
            Objects.requireNonNull(jdbcUrl, "jdbcUrl");
            ServerDatabase.check(jdbcUrl); // refuses another kind of URL now, not at build
            this.databaseUrl = jdbcUrl;
            this.dataSource = null;
            return this;
        }

        /**
         * The database, as an application's data source (a connection pool): PostgreSQL, or a
         * SQLite file. It holds what {@link #database(String)} says. On PostgreSQL the server opens
         * no pool of its own around it: it keeps one of its connections while it runs (to {@code
         * LISTEN} and renew the run queue's leases on) and borrows the others one transaction at a
         * time (saver, Store, rows, queue, events), so the data source's own bound and wait apply;
         * give it room for {@code 2 + ceil(maxRuns / 4)} of them besides that one and the
         * application's own use. The server never closes the data source.
         *
         * @param dataSource the data source
         * @return this builder
         */
        public Builder database(DataSource dataSource) {
            this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
            this.databaseUrl = null;
            return this;
        }

        /**
         * The PostgreSQL schema that holds the server's tables, and the checkpoints and store it
         * opens on its {@link #database}: created when missing if the role may (else {@link #build}
         * fails saying what to ask for). Servers on one database in different schemas share
         * nothing: not a thread, run, assistant or queue. By default the tables go to the
         * connections' current schema (usually {@code public}). A SQLite database is one file and
         * has no schemas: naming one there fails at {@link #build}. A {@link #checkpointer} or
         * {@link #store} given apart is used as it was opened (see {@code PostgresSchema}).
         *
         * @param schema a lower-case SQL identifier (letters, digits, {@code _})
         * @return this builder
         */
        public Builder schema(String schema) {
            this.schema = Objects.requireNonNull(schema, "schema");
            return this;
        }

        /** The database chosen, the default file when none is and no saver is given; else null. */
        private ServerDatabase database() {
            if (schema != null
                    && dataSource == null
                    && (databaseUrl == null || databaseUrl.startsWith("jdbc:sqlite:"))) {
                throw new IllegalStateException("schema('" + schema + "') applies to a PostgreSQL .database(...),"
                        + " and the server's database is "
                        + (databaseUrl == null ? "not PostgreSQL" : "the SQLite file " + databaseUrl)
                        + ": a SQLite database is one file, so use another file for another set of tables");
            }
            if (dataSource != null) {
                return ServerDatabase.dataSource(
                        schema == null ? dataSource : PostgresSchema.dataSource(dataSource, schema));
            }
            if (databaseUrl != null) {
                return ServerDatabase.url(
                        schema == null ? databaseUrl : PostgresSchema.url(databaseUrl, schema), maxRuns);
            }
            return checkpointer == null ? ServerDatabase.url("jdbc:sqlite:" + defaultFile, maxRuns) : null;
        }

        /**
         * Whether {@link SwitchboardServer#start()} binds the built-in HTTP server ({@link #host},
         * {@link #port}); true by default. False when another HTTP server serves {@link
         * SwitchboardServer#handler()} (a Spring MVC application, as the Spring Boot starter does):
         * {@code start()} then only starts running runs from the PostgreSQL queue.
         *
         * @param bind false to bind nothing
         * @return this builder
         */
        public Builder httpServer(boolean bind) {
            this.httpServer = bind;
            return this;
        }

        /**
         * The address to listen on; {@code 127.0.0.1} by default, so nothing is reachable from
         * another machine unless asked (then set an {@link #authenticator}).
         *
         * @param host a host name or address
         * @return this builder
         */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
            return this;
        }

        /**
         * The port; 2024 (LangGraph's) by default, 0 for any free port.
         *
         * @param port the port
         * @return this builder
         */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be in 0..65535, was " + port);
            }
            this.port = port;
            return this;
        }

        /**
         * The largest request body accepted; larger ones get 413 before anything is parsed. 1 MiB by
         * default.
         *
         * @param bytes the limit
         * @return this builder
         */
        public Builder maxBodyBytes(int bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("maxBodyBytes must be positive, was " + bytes);
            }
            this.maxBodyBytes = bytes;
            return this;
        }

        /**
         * Lets web pages of these origins call the server from a browser (CORS), e.g. {@code
         * "https://app.example.com"}, or {@code "*"} for any page. By default only pages served from
         * a loopback address ({@code http://localhost:3000}, {@code http://127.0.0.1:5173}, any
         * port) and the server's own pages (Studio) may: a page of any other site the user opens
         * gets 403, whether it asks for a preflight or sends a "simple" request, so it can neither
         * read nor run anything.
         *
         * @param origins scheme, host and port of each page allowed, or {@code "*"}
         * @return this builder
         */
        public Builder allowOrigins(String... origins) {
            this.allowedOrigins = Set.of(origins);
            return this;
        }

        /**
         * The host names clients may reach the server by, besides loopback ones ({@code localhost},
         * {@code 127.0.0.1}, {@code [::1]}) and the address it listens on; {@code "*"} for any. A
         * request whose {@code Host} header names another gets 403: a web site whose name an
         * attacker points at 127.0.0.1 (DNS rebinding) cannot reach a server on this machine. A
         * server that listens on all interfaces ({@code 0.0.0.0}) answers any host name unless this
         * is set.
         *
         * @param hosts host names, without ports
         * @return this builder
         */
        public Builder allowHosts(String... hosts) {
            this.allowedHosts = Set.of(hosts);
            return this;
        }

        private Origins origins() {
            Set<String> hosts = new HashSet<>(allowedHosts);
            boolean wildcard = host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
            if (wildcard && hosts.isEmpty()) {
                hosts.add("*");
            } else if (!wildcard) {
                hosts.add(host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host);
            }
            return new Origins(allowedOrigins, hosts);
        }

        /**
         * How many requests the built-in HTTP server serves at once, 256 by default; as many more
         * wait for a thread, and past that a new connection is closed at once. A stream (SSE) or
         * a wait for a run holds its thread while it lasts.
         *
         * @param threads the most requests served at once
         * @return this builder
         */
        public Builder requestThreads(int threads) {
            if (threads < 2) {
                throw new IllegalArgumentException("requestThreads must be at least 2, was " + threads);
            }
            this.requestThreads = threads;
            return this;
        }

        /**
         * Whether the built-in server also takes WebSockets: the thread protocol's WebSocket
         * transport ({@code GET /threads/{id}/stream/events} upgraded, what the SDK's {@code
         * transport: "websocket"} opens). Off by default: the JDK's HTTP server cannot upgrade a
         * connection, so a listener of the server's own takes the port, answers the handshakes
         * (after the same Host, Origin and token checks as any request) and relays every other
         * connection to the JDK server on a loopback port, which costs a copy of each byte and a
         * thread more per connection. At most {@link #requestThreads} connections at once; a
         * message is at most {@link #maxBodyBytes}; a socket idle for {@link #readTimeout} is
         * pinged, and closed when idle for another. Without it a handshake is answered 501.
         *
         * @param on true to take WebSockets
         * @return this builder
         */
        public Builder webSockets(boolean on) {
            this.webSockets = on;
            return this;
        }

        /**
         * How long a request may take to arrive whole, headers and body: 30 s by default. A client
         * that sends half a request and stalls loses its connection then. It bounds reading only:
         * answers (streams, waits) take as long as they take. One setting of the JDK's server for
         * the whole JVM, applied when the JVM's first JDK server starts.
         *
         * @param timeout the time, at least a second
         * @return this builder
         */
        public Builder readTimeout(Duration timeout) {
            if (timeout.toSeconds() < 1) {
                throw new IllegalArgumentException("readTimeout must be a second or more, was " + timeout);
            }
            this.readTimeout = timeout;
            return this;
        }

        /**
         * How wide and deep a request's JSON may be: at most {@code maxKeys} keys per object and
         * {@code maxDepth} levels of nesting, 10,000 and 64 by default (an array's items are bounded
         * by {@link #maxBodyBytes}). A body past either gets 422 before anything is done with it, so
         * no request costs more than a walk over its bytes.
         *
         * @param maxDepth the deepest nesting allowed
         * @param maxKeys the most keys per object
         * @return this builder
         */
        public Builder jsonLimits(int maxDepth, int maxKeys) {
            if (maxDepth < 2 || maxKeys < 1) {
                throw new IllegalArgumentException(
                        "jsonLimits needs a depth of at least 2 and at least 1 key, was " + maxDepth + ", " + maxKeys);
            }
            this.jsonChecks = new JsonChecks(maxDepth, maxKeys);
            return this;
        }

        /**
         * How many bytes of SSE event data the runs of this JVM keep together for clients that join
         * a run late or rejoin after a lost connection: an eighth of the heap by default (at least
         * 16 MiB). A run's events are kept until 5 minutes after it ended; past the budget those of
         * the runs that ended first go first, then a running run's oldest. A stream that is being
         * read is never cut: only what a later reader can replay shrinks.
         *
         * @param bytes the budget
         * @return this builder
         */
        public Builder eventBufferBytes(long bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("eventBufferBytes must be positive, was " + bytes);
            }
            this.eventBytes = bytes;
            return this;
        }

        /**
         * How full the heap may be after a garbage collection before the server sheds load: past
         * it, every request but {@code GET /ok}, {@code GET /info} and cancels gets 503 with {@code
         * Retry-After} until a collection frees enough, so the runs under way finish instead of
         * running out of memory. 0.85 by default; 1 turns shedding off.
         *
         * @param fraction of the heap's maximum, between 0.1 and 1
         * @return this builder
         */
        public Builder shedLoadAbove(double fraction) {
            if (!(fraction >= 0.1 && fraction <= 1)) {
                throw new IllegalArgumentException("shedLoadAbove must be between 0.1 and 1, was " + fraction);
            }
            this.shedAbove = fraction;
            return this;
        }

        /**
         * Turns authentication on: every request but {@code GET /ok} needs a token the hook accepts,
         * and threads are scoped by the identity it answers.
         *
         * @param authenticator the hook
         * @return this builder
         */
        public Builder authenticator(Authenticator authenticator) {
            this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
            return this;
        }

        /**
         * LangGraph's authorization handlers: per resource and action, each authenticated request is
         * allowed, denied (403) or narrowed to the rows whose metadata a filter matches (others answer
         * 404 and are absent from searches and counts; creates get the filter's keys in their
         * metadata). Applies to callers an {@link #authenticator} (or the transport) identified.
         *
         * @param authorization the handlers
         * @return this builder
         */
        public Builder authorization(Authorization authorization) {
            this.authorization = Objects.requireNonNull(authorization, "authorization");
            return this;
        }

        /**
         * Whether an authenticated caller's thread ids are its own (the default): another identity
         * naming the same id names a different thread, so no tenant can tell another's thread id
         * exists. Threads are then stored under an id derived from the owner and the id it names
         * (see {@link SwitchboardServer#storedThreadId}). {@code false} keeps one global space of
         * ids, as LangGraph's server does, where creating another's id answers 409.
         *
         * @param scoped false for global ids
         * @return this builder
         */
        public Builder ownerScopedThreadIds(boolean scoped) {
            this.ownerScopedThreadIds = scoped;
            return this;
        }

        /**
         * The long-term memory served at {@code /store/...} and given to every graph whose builder
         * has no store of its own. By default the server opens one in its database (the {@link
         * #database}, or the default SQLite file), or in memory when a {@link #checkpointer} is
         * given. The server does not close a store given here.
         *
         * @param store the store
         * @return this builder
         */
        public Builder store(Store store) {
            this.store = Objects.requireNonNull(store, "store");
            return this;
        }

        /**
         * Serves a graph's generative UI components as LangGraph's server does ({@code POST
         * /ui/{assistant_id}}, {@code GET /ui/{graph}/{file}}), for the JS SDK's {@code
         * LoadExternalComponent}: {@code bundle} is a directory of {@code .js} and {@code .css} files
         * built by the application's JS tool chain, its script defining the global {@code
         * __LGUI_<graphId>} with a {@code render(name, shadowRootId)} function (esbuild's {@code
         * globalName}, React external, as LangGraph builds it).
         *
         * @param graphId the graph, registered on this builder
         * @param bundle the directory
         * @return this builder
         */
        public Builder ui(String graphId, Path bundle) {
            Objects.requireNonNull(graphId, "graphId");
            if (!java.nio.file.Files.isDirectory(bundle)) {
                throw new IllegalArgumentException("ui bundle of " + graphId + " is not a directory: " + bundle);
            }
            uiBundles.put(graphId, bundle);
            return this;
        }

        /**
         * Builds the server (not started).
         *
         * @return the server
         */
        public SwitchboardServer build() {
            if (graphs.isEmpty()) {
                throw new IllegalStateException("register at least one graph with .graph(id, builder)");
            }
            ServerDatabase db = database();
            if (workerOnly && (db == null || !db.shared())) {
                throw new IllegalStateException(
                        "a worker-only server needs a PostgreSQL .database(...): it runs the runs of that"
                                + " database's queue");
            }
            if (db != null && db.shared() && checkpointer != null && !(checkpointer instanceof JdbcSaver)) {
                throw new IllegalStateException("on PostgreSQL the server's checkpointer must be a JdbcSaver on the"
                        + " same database (PostgresSaver.dataSource(...) or .url(...)), through which the run"
                        + " queue fences each run's commits; was "
                        + checkpointer.getClass().getSimpleName());
            }
            return new SwitchboardServer(this, db);
        }
    }
}
