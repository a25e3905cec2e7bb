package dev.switchboard.server;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSchema;
import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.GraphBuilder;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.server.auth.Authorization;
import dev.switchboard.server.http.Origins;
import dev.switchboard.server.runs.RunMdc;
import dev.switchboard.server.wire.JsonChecks;
import dev.switchboard.server.wire.WebhookPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Registers a {@link SwitchboardServer}'s graphs and settles where it listens, where checkpoints,
 * threads and runs go, and how it bounds its work; {@link #build} makes the server. Made by {@link
 * SwitchboardServer#builder()}.
 */
public final class ServerBuilder {
    final Map<String, SwitchboardServer.GraphSource> graphs = new LinkedHashMap<>();
    final Map<String, Path> uiBundles = new LinkedHashMap<>();
    CheckpointSaver checkpointer;
    String databaseUrl;
    DataSource dataSource;
    String listenerUrl;
    String schema;
    boolean httpServer = true;
    Path defaultFile = Path.of("switchboard-server.db");
    String host = "127.0.0.1";
    int port = 2024;
    int maxBodyBytes = 1 << 20;
    int requestThreads = 256;
    Duration readTimeout = Duration.ofSeconds(30);
    boolean webSockets;
    Authenticator authenticator;
    Authorization authorization;
    boolean ownerScopedThreadIds = true;
    Store store;
    Set<String> allowedOrigins = Set.of();
    JsonChecks jsonChecks = JsonChecks.DEFAULT;
    Set<String> allowedHosts = Set.of();
    Duration lease = Duration.ofSeconds(5);
    Duration heartbeat = Duration.ofSeconds(1);
    Duration poll = Duration.ofSeconds(2);
    int maxRuns = 16;
    long eventBytes = Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 8);
    double shedAbove = 0.85;
    boolean workerOnly;
    Duration ttlSweep = Duration.ofMinutes(1);
    Duration cronTick = Duration.ofSeconds(5);
    WebhookPolicy webhookPolicy = WebhookPolicy.DEFAULT;
    Duration webhookRetry = Duration.ofSeconds(1);

    ServerBuilder() {}

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
    public ServerBuilder lease(Duration lease, Duration heartbeat) {
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
     * on a {@link #database(String) URL}: {@code 3 + ceil(maxRuns / 4)} connections.
     *
     * @param runs the limit
     * @return this builder
     */
    public ServerBuilder maxRuns(int runs) {
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
    public ServerBuilder threadTtlSweep(Duration every) {
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
    public ServerBuilder cronTick(Duration every) {
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
    public ServerBuilder webhooks(WebhookPolicy policy) {
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
    public ServerBuilder webhookRetry(Duration firstRetry) {
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
    public ServerBuilder worker() {
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
    public ServerBuilder graph(String graphId, GraphBuilder<?, ? extends CompiledGraph<?, ?, ?>> graph) {
        Objects.requireNonNull(graph, "graph");
        return register(graphId, (id, saver, store) -> {
            graph.checkpointer(saver);
            // a superstep's parallel tasks log with the run's MDC keys too
            graph.executor(graph.executor().map(RunMdc::executor).orElseGet(RunMdc::executor));
            if (graph.store().isEmpty()) {
                graph.store(store);
            }
            return SwitchboardServer.served(id, graph.build());
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
    public ServerBuilder graph(String graphId, CompiledGraph<?, ?, ?> graph) {
        Objects.requireNonNull(graph, "graph");
        return register(graphId, (id, saver, store) -> SwitchboardServer.served(id, graph));
    }

    private ServerBuilder register(String graphId, SwitchboardServer.GraphSource graph) {
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
    public ServerBuilder checkpointer(CheckpointSaver saver) {
        this.checkpointer = Objects.requireNonNull(saver, "saver");
        return this;
    }

    /**
     * The database that holds the server's threads and runs, and its checkpoints and store
     * unless a {@link #checkpointer} or {@link #store} is given: {@code jdbc:sqlite:<file>} or
     * {@code jdbc:postgresql://...} (its driver on the classpath). On PostgreSQL every part of
     * the server (saver, Store, thread and run rows, assistants, crons, run queue and events)
     * borrows from one pool of {@code 3 + ceil(maxRuns / 4)} connections for one transaction at
     * a time, and the queue's worker keeps one more to {@code LISTEN} and renew its leases on:
     * at most {@code 4 + ceil(maxRuns / 4)} connections per JVM, 8 at the default 16 runs. A
     * part that finds the pool busy for 30 s fails with an error naming it.
     *
     * @param jdbcUrl the JDBC URL
     * @return this builder
     */
    public ServerBuilder database(String jdbcUrl) {
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
     * give it room for {@code 3 + ceil(maxRuns / 4)} of them besides that one and the
     * application's own use. The server never closes the data source.
     *
     * @param dataSource the data source
     * @return this builder
     */
    public ServerBuilder database(DataSource dataSource) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.databaseUrl = null;
        return this;
    }

    /**
     * A URL that reaches the {@link #database} PostgreSQL directly, for the one connection the run
     * queue's worker keeps for itself (to {@code LISTEN} for new runs, cancels and events, and to
     * renew its leases on), when the database's other connections go through a pooler in
     * transaction mode such as PgBouncer: such a pooler hands a server connection to a client for
     * one transaction only, and {@code LISTEN} needs a session of its own. Everything else (claims,
     * checkpoints, events, rows, the store, migrations under transaction-scoped advisory locks,
     * {@code NOTIFY}s sent inside transactions) works through the pooler, and the server then sets
     * no session state on the pooled connections (not even READ COMMITTED on a new one; see {@code
     * ConnectionPool.transactionPooled}). The pooled URL
     * must turn off pgjdbc's server-side prepared statements ({@code prepareThreshold=0}) unless
     * the pooler carries them (PgBouncer 1.21+ with {@code max_prepared_statements}), and the
     * schema is set where the pooler connects (its {@code connect_query}, or the role's or
     * database's {@code search_path}), not by {@link #schema}, which sets it per session and is
     * refused with this; this URL names that schema too ({@code currentSchema=...}). Without it the
     * worker's connection comes from the database's URL or data source like the others.
     *
     * @param jdbcUrl a {@code jdbc:postgresql:} URL to the same database
     * @return this builder
     */
    public ServerBuilder listenerDatabase(String jdbcUrl) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException(
                    "the listener's database must be a jdbc:postgresql: URL, was " + jdbcUrl.split("\\?")[0]);
        }
        this.listenerUrl = jdbcUrl;
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
    public ServerBuilder schema(String schema) {
        this.schema = Objects.requireNonNull(schema, "schema");
        return this;
    }

    /** The database chosen, the default file when none is and no saver is given; else null. */
    private ServerDatabase database() {
        if (schema != null && dataSource == null && (databaseUrl == null || databaseUrl.startsWith("jdbc:sqlite:"))) {
            throw new IllegalStateException("schema('" + schema + "') applies to a PostgreSQL .database(...),"
                    + " and the server's database is "
                    + (databaseUrl == null ? "not PostgreSQL" : "the SQLite file " + databaseUrl)
                    + ": a SQLite database is one file, so use another file for another set of tables");
        }
        ServerDatabase db;
        if (dataSource != null) {
            db = ServerDatabase.dataSource(schema == null ? dataSource : PostgresSchema.dataSource(dataSource, schema));
        } else if (databaseUrl != null) {
            db = ServerDatabase.url(schema == null ? databaseUrl : PostgresSchema.url(databaseUrl, schema), maxRuns);
        } else {
            db = checkpointer == null ? ServerDatabase.url("jdbc:sqlite:" + defaultFile, maxRuns) : null;
        }
        if (listenerUrl == null) {
            return db;
        }
        if (db == null || !db.shared()) {
            if (db != null) {
                db.close();
            }
            throw new IllegalStateException("listenerDatabase(...) is the PostgreSQL run queue's own connection,"
                    + " and the server's database is " + (db == null ? "none (a checkpointer alone)" : db.describe())
                    + ": give a PostgreSQL .database(...) too, or drop listenerDatabase(...)");
        }
        if (schema != null) {
            db.close();
            throw new IllegalStateException("schema('" + schema + "') sets the schema per session, which a pooler in"
                    + " transaction mode does not keep, and listenerDatabase(...) says the database goes through one:"
                    + " set the schema where the pooler connects (its connect_query, or ALTER ROLE ... SET"
                    + " search_path), name it in the listener's URL (currentSchema=" + schema
                    + ") and drop schema(...)");
        }
        return db.listener(listenerUrl);
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
    public ServerBuilder httpServer(boolean bind) {
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
    public ServerBuilder host(String host) {
        this.host = Objects.requireNonNull(host, "host");
        return this;
    }

    /**
     * The port; 2024 (LangGraph's) by default, 0 for any free port.
     *
     * @param port the port
     * @return this builder
     */
    public ServerBuilder port(int port) {
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
    public ServerBuilder maxBodyBytes(int bytes) {
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
    public ServerBuilder allowOrigins(String... origins) {
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
    public ServerBuilder allowHosts(String... hosts) {
        this.allowedHosts = Set.of(hosts);
        return this;
    }

    Origins origins() {
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
    public ServerBuilder requestThreads(int threads) {
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
    public ServerBuilder webSockets(boolean on) {
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
    public ServerBuilder readTimeout(Duration timeout) {
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
    public ServerBuilder jsonLimits(int maxDepth, int maxKeys) {
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
    public ServerBuilder eventBufferBytes(long bytes) {
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
    public ServerBuilder shedLoadAbove(double fraction) {
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
    public ServerBuilder authenticator(Authenticator authenticator) {
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
    public ServerBuilder authorization(Authorization authorization) {
        this.authorization = Objects.requireNonNull(authorization, "authorization");
        return this;
    }

    /**
     * Whether an authenticated caller's thread ids are its own (the default): another identity
     * naming the same id names a different thread, so no tenant can tell another's thread id
     * exists. Threads are then stored under an id derived from the owner and the id it names (see
     * {@link SwitchboardServer#storedThreadId}). {@code false} keeps one global space of ids, as
     * LangGraph's server does, where creating another's id answers 409.
     *
     * @param scoped false for global ids
     * @return this builder
     */
    public ServerBuilder ownerScopedThreadIds(boolean scoped) {
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
    public ServerBuilder store(Store store) {
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
    public ServerBuilder ui(String graphId, Path bundle) {
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
