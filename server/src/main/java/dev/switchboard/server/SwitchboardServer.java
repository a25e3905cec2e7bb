package dev.switchboard.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.checkpoint.jdbc.PostgresStore;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.internal.GeneratedUpdate;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Store;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
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
 *         .graph("chain", ChainGraph.builder(new Chain()), TrailUpdate::of)
 *         .checkpointer(SqliteSaver.file(Path.of("server.db")))
 *         .port(2024)
 *         .build()
 *         .start()) {
 *     ...
 * }
 * }</pre>
 */
public final class SwitchboardServer implements AutoCloseable {
    private static final String NODELAY = "sun.net.httpserver.nodelay";
    private final Builder settings;
    private final Map<String, ServedGraph> graphs;
    private final FencedSaver saver;
    /** The saver the server opened (default file or {@link Builder#database}) and so closes; else null. */
    private final JdbcSaver ownSaver;

    private final RowStore rows;
    private final Store store;
    /** Whether the server opened {@link #store} (and so closes it). */
    private final boolean ownStore;

    private final Router router = new Router();
    private final RunExecutor executor;
    /** The worker on the shared run queue when the database is PostgreSQL; else null. */
    private final QueueWorker worker;

    private HttpServer http;
    private ExecutorService connections;
    private boolean started;

    private SwitchboardServer(Builder b) {
        this.settings = b;
        String url =
                b.checkpointer != null ? null : b.databaseUrl != null ? b.databaseUrl : "jdbc:sqlite:" + b.defaultFile;
        this.ownSaver = url == null ? null : openSaver(url);
        this.rows = url == null ? RowStore.NONE : JdbcRowStore.open(url, ownSaver.database());
        this.saver = new FencedSaver(b.checkpointer != null ? b.checkpointer : ownSaver);
        this.ownStore = b.store == null;
        this.store = b.store != null ? b.store : openStore(url);
        Map<String, ServedGraph> served = new LinkedHashMap<>();
        b.graphs.forEach((id, reg) -> served.put(id, reg.build(id, saver, store)));
        this.graphs = served;
        boolean shared = url != null && url.startsWith("jdbc:postgresql:");
        Registry registry = new Registry(rows, shared);
        this.executor = new RunExecutor(saver, registry);
        this.worker = shared ? newWorker(b, url) : null;
        Assistants assistants = new Assistants(graphs);
        List<RunRow> unfinished = registry.load(graphs::get);
        Threads threads = new Threads(registry, assistants, saver, executor);
        assistants.routes(router);
        threads.routes(router);
        new Runs(registry, assistants, threads, saver, executor).routes(router);
        new StoreEndpoints(store).routes(router);
        router.add("GET", "/ok", ex -> ex.json(200, Json.object().put("ok", true)));
        router.add("GET", "/info", ex -> ex.json(200, info()));
        if (worker == null) {
            executor.recover(unfinished); // on PostgreSQL the queue hands unfinished runs to a worker
        }
    }

    private QueueWorker newWorker(Builder b, String url) {
        PostgresQueue queue = PostgresQueue.open(url, ownSaver.database());
        QueueWorker w = new QueueWorker(url, queue, b.queue, executor);
        QueueFence fence = new QueueFence(w.owner);
        ownSaver.guardCommits(fence); // a worker that lost its lease never commits (same database)
        executor.worker(w, EventLog.open(url, ownSaver.database()), fence);
        return w;
    }

    private static JdbcSaver openSaver(String url) {
        if (url.startsWith("jdbc:sqlite:")) {
            return SqliteSaver.file(Path.of(url.substring("jdbc:sqlite:".length())));
        }
        if (url.startsWith("jdbc:postgresql:")) {
            return PostgresSaver.url(url);
        }
        throw new IllegalArgumentException(
                "database must be a jdbc:sqlite: or jdbc:postgresql: URL, was " + url.split("\\?")[0]);
    }

    /** The store in the server's database, or in memory when there is none (a checkpointer was given). */
    private static Store openStore(String url) {
        if (url == null) {
            return new InMemoryStore();
        }
        return url.startsWith("jdbc:sqlite:")
                ? SqliteStore.file(Path.of(url.substring("jdbc:sqlite:".length())))
                : PostgresStore.url(url);
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
     * queue (a {@link Builder#worker() worker-only} server only claims).
     *
     * @return this server
     * @throws IOException if the address cannot be bound
     */
    public synchronized SwitchboardServer start() throws IOException {
        if (http != null || started) {
            throw new IllegalStateException("the server is already started");
        }
        started = true;
        if (worker != null) {
            worker.start();
        }
        if (settings.workerOnly) {
            return this;
        }
        // The JDK server writes headers and body in separate packets; with Nagle's algorithm on, a
        // small answer then waits for the client's delayed ACK (~40 ms per request). Read once, when
        // the JDK's server classes load, so it is set before the first server is created.
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
        AtomicInteger n = new AtomicInteger();
        connections = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "switchboard-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        http = HttpServer.create(new InetSocketAddress(settings.host, settings.port), 0);
        http.setExecutor(connections);
        http.createContext("/", this::handle);
        http.createContext(Studio.PREFIX, Studio::handle);
        http.start();
        return this;
    }

    /** Where the threads and runs are stored (tests count the rows a search reads). */
    RowStore rows() {
        return rows;
    }

    /** The worker on the shared queue (tests stall its heartbeat); null unless on PostgreSQL. */
    QueueWorker worker() {
        return worker;
    }

    /**
     * The port listened on (the one chosen by the system when the builder said 0).
     *
     * @return the port
     */
    public int port() {
        return http.getAddress().getPort();
    }

    /**
     * The base URL clients use, e.g. {@code http://127.0.0.1:2024}.
     *
     * @return the URL
     */
    public URI url() {
        return URI.create("http://" + settings.host + ":" + port());
    }

    /**
     * Stops listening and stops the runs of this JVM where they are: nothing they compute from now
     * on is stored, so each keeps its last committed checkpoint and stays unfinished in the
     * server's tables; a server started later on the same database continues it from there.
     * Closes the saver and tables the server opened.
     */
    @Override
    public synchronized void close() {
        if (http != null) {
            http.stop(0);
            connections.shutdownNow();
            http = null;
        }
        saver.shut();
        executor.close();
        rows.close();
        if (ownStore) {
            store.close();
        }
        if (ownSaver != null) {
            ownSaver.close();
        }
    }

    private void handle(HttpExchange h) {
        Exchange ex = new Exchange(h, settings.maxBodyBytes);
        try {
            authenticate(ex);
            router.match(ex).handle(ex);
        } catch (ApiException e) {
            answer(ex, e.status, e);
        } catch (RuntimeException e) {
            answer(ex, 500, e);
        } catch (IOException e) {
            ex.close(); // the client went away
        }
    }

    private void authenticate(Exchange ex) {
        if (settings.authenticator == null || ex.path().equals("/ok")) {
            return;
        }
        String auth = ex.header("Authorization");
        String token = auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)
                ? auth.substring(7).trim()
                : ex.header("x-api-key");
        Optional<String> who =
                token == null || token.isEmpty() ? Optional.empty() : settings.authenticator.authenticate(token);
        ex.owner = who.orElseThrow(() -> ApiException.status(401, "Unauthorized: a valid bearer token is required"));
    }

    private static void answer(Exchange ex, int status, RuntimeException e) {
        if (ex.answered()) {
            ex.close();
            return;
        }
        try {
            if (e instanceof ApiException api && api.field != null) {
                ex.json(status, validation(api));
            } else {
                ex.text(status, String.valueOf(e.getMessage()));
            }
        } catch (IOException io) {
            ex.close();
        }
    }

    private static ObjectNode validation(ApiException e) {
        ObjectNode body = Json.object();
        body.put("success", false);
        ObjectNode error = body.putObject("error");
        error.put("name", "ValidationError");
        ObjectNode issue = error.putArray("issues").addObject();
        issue.put("code", "invalid_value");
        issue.putArray("path").add(e.field);
        issue.put("message", e.getMessage());
        return body;
    }

    private ObjectNode info() {
        ObjectNode o = Json.object();
        o.put("version", "switchboard");
        ObjectNode flags = o.putObject("flags");
        flags.put("assistants", true);
        flags.put("crons", false);
        flags.put("langsmith", false);
        return o;
    }

    /** Registers graphs and settles where the server listens and where checkpoints go. */
    public static final class Builder {
        private final Map<String, Registration> graphs = new LinkedHashMap<>();
        private CheckpointSaver checkpointer;
        private String databaseUrl;
        private Path defaultFile = Path.of("switchboard-server.db");
        private String host = "127.0.0.1";
        private int port = 2024;
        private int maxBodyBytes = 1 << 20;
        private Authenticator authenticator;
        private Store store;
        private QueueWorker.Settings queue =
                new QueueWorker.Settings(Duration.ofSeconds(5), Duration.ofSeconds(1), Duration.ofSeconds(2), 16);
        private boolean workerOnly;

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
            queue = new QueueWorker.Settings(lease, heartbeat, queue.poll(), queue.maxRuns());
            return this;
        }

        /**
         * How many queued runs this JVM runs at once (16 by default); more wait for a free worker
         * here or elsewhere. Applies on PostgreSQL.
         *
         * @param runs the limit
         * @return this builder
         */
        public Builder maxRuns(int runs) {
            if (runs < 1) {
                throw new IllegalArgumentException("maxRuns must be positive, was " + runs);
            }
            queue = new QueueWorker.Settings(queue.lease(), queue.heartbeat(), queue.poll(), runs);
            return this;
        }

        /**
         * A worker only: {@link SwitchboardServer#start} binds no port and only runs what the
         * PostgreSQL queue holds, for runs created through the other server JVMs on the database.
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
         *
         * @param graphId the graph id clients use as {@code assistant_id}
         * @param graph the generated graph's builder, e.g. {@code ChainGraph.builder(new Chain())}
         * @param emptyUpdate the generated update of the graph's input, e.g. {@code TrailUpdate::of}:
         *     request JSON is decoded into channels of its schema
         * @return this builder
         */
        public Builder graph(
                String graphId,
                GraphBuilder<?, ? extends CompiledGraph<?, ?, ?>> graph,
                Supplier<? extends StateUpdate> emptyUpdate) {
            Objects.requireNonNull(graphId, "graphId");
            if (graphs.containsKey(graphId)) {
                throw new IllegalArgumentException("graph '" + graphId + "' is already registered");
            }
            graphs.put(graphId, new Registration(Objects.requireNonNull(graph, "graph"), emptyUpdate));
            return this;
        }

        /**
         * Where checkpoints go, when not to the server's database: threads and runs are then kept
         * in memory only (a restart forgets them). By default everything goes to the SQLite file
         * {@code switchboard-server.db} in the working directory; see {@link #database}.
         *
         * @param saver the saver
         * @return this builder
         */
        public Builder checkpointer(CheckpointSaver saver) {
            this.checkpointer = Objects.requireNonNull(saver, "saver");
            return this;
        }

        /**
         * The database that holds the checkpoints and the server's threads and runs, one place for
         * both: {@code jdbc:sqlite:<file>} or {@code jdbc:postgresql://...} (its driver on the
         * classpath). Ignored when a {@link #checkpointer} is given.
         *
         * @param jdbcUrl the JDBC URL
         * @return this builder
         */
        public Builder database(String jdbcUrl) {
            Objects.requireNonNull(jdbcUrl, "jdbcUrl");
            if (!jdbcUrl.startsWith("jdbc:sqlite:") && !jdbcUrl.startsWith("jdbc:postgresql:")) {
                throw new IllegalArgumentException(
                        "database must be a jdbc:sqlite: or jdbc:postgresql: URL, was " + jdbcUrl.split("\\?")[0]);
            }
            this.databaseUrl = jdbcUrl;
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
         * Builds the server (not started).
         *
         * @return the server
         */
        public SwitchboardServer build() {
            if (graphs.isEmpty()) {
                throw new IllegalStateException("register at least one graph with .graph(id, builder, update)");
            }
            if (workerOnly
                    && (checkpointer != null || databaseUrl == null || !databaseUrl.startsWith("jdbc:postgresql:"))) {
                throw new IllegalStateException(
                        "a worker-only server needs .database(\"jdbc:postgresql:...\"): it runs the runs of that"
                                + " database's queue");
            }
            return new SwitchboardServer(this);
        }
    }

    private record Registration(
            GraphBuilder<?, ? extends CompiledGraph<?, ?, ?>> builder, Supplier<? extends StateUpdate> emptyUpdate) {
        @SuppressWarnings("unchecked")
        ServedGraph build(String id, CheckpointSaver saver, Store store) {
            builder.checkpointer(saver);
            if (builder.store().isEmpty()) {
                builder.store(store);
            }
            CompiledGraph<Object, StateUpdate, Object> g =
                    (CompiledGraph<Object, StateUpdate, Object>) (CompiledGraph<?, ?, ?>) builder.build();
            return new ServedGraph(id, g, ((GeneratedUpdate) emptyUpdate.get()).schema());
        }
    }
}
