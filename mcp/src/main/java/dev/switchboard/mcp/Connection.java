package dev.switchboard.mcp;

import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/**
 * One live session with an MCP server: the SDK's client on one transport (one process for stdio),
 * and the calls waiting on it. When the server goes away (its process exits, its connection
 * breaks) every waiting call fails at once with {@link McpException} instead of waiting for its
 * timeout, and the session is marked lost so {@link McpToolSet} opens a new one for the next call.
 * A process's exit is seen at once; a dropped HTTP connection by a ping every {@value #PING_SECONDS}
 * seconds while calls wait (the SDK sees an answer stream that merely ends as no failure), as the
 * spec's ping is meant to be used.
 */
final class Connection implements AutoCloseable {
    static final int PING_SECONDS = 2;
    private static final ScheduledExecutorService PINGS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mcp-ping");
        t.setDaemon(true);
        return t;
    });
    private final String server;
    private final Duration timeout;
    private final Endpoint.Opened opened;
    private final McpAsyncClient client;
    private final Map<CompletableFuture<?>, String> waiting = new ConcurrentHashMap<>();
    private final AtomicBoolean pinging = new AtomicBoolean();
    private volatile String lost;
    private ScheduledFuture<?> heartbeat;

    private Connection(String server, Duration timeout, Endpoint.Opened opened, McpAsyncClient client) {
        this.server = server;
        this.timeout = timeout;
        this.opened = opened;
        this.client = client;
    }

    /**
     * Starts or reaches the server, initializes the session and lists its tools.
     *
     * @throws McpException if the server does not start, answer or list its tools within {@code
     *     startTimeout}
     */
    static Connection open(
            String server,
            Endpoint endpoint,
            Duration timeout,
            Duration startTimeout,
            McpSchema.Implementation clientInfo,
            Consumer<List<McpSchema.Tool>> toolsChanged,
            Consumer<McpSchema.ListToolsResult> firstTools) {
        Endpoint.Opened opened = endpoint.open();
        McpClientTransport transport = opened.transport();
        McpAsyncClient client = McpClient.async(transport)
                .clientInfo(clientInfo)
                // this class times calls (timeout) and the start (startTimeout) itself; the SDK's
                // per-request timeout, which would also bound the start's requests, only backs both up
                .requestTimeout(max(timeout, startTimeout).plusSeconds(1))
                .initializationTimeout(startTimeout)
                // structured content is checked against the tool's output schema, as the spec asks
                .enableCallToolSchemaCaching(true)
                .toolsChangeConsumer(tools -> Mono.fromRunnable(() -> toolsChanged.accept(tools)))
                .build();
        Connection c = new Connection(server, timeout, opened, client);
        opened.onLost(c::lose);
        c.heartbeat = PINGS.scheduleWithFixedDelay(c::ping, PING_SECONDS, PING_SECONDS, TimeUnit.SECONDS);
        try {
            c.await(client.initialize().then(client.listTools()).toFuture(), "start", startTimeout, firstTools);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    boolean alive() {
        return lost == null;
    }

    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        CompletableFuture<McpSchema.CallToolResult> call = client.callTool(
                        new McpSchema.CallToolRequest(tool, arguments, null))
                .toFuture();
        return await(call, "call to '" + tool + "'", timeout, null);
    }

    private <T> T await(CompletableFuture<T> future, String what, Duration limit, Consumer<T> then) {
        waiting.put(future, what);
        String why = lost;
        if (why != null) {
            future.completeExceptionally(gone(why, what));
        }
        try {
            T value = future.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            if (then != null) {
                then.accept(value);
            }
            return value;
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new McpException("interrupted while waiting for the " + what + " of MCP server '" + server + "'", e);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw timedOut(what, limit, e);
        } catch (ExecutionException e) {
            throw failure(e.getCause(), what, limit);
        } finally {
            waiting.remove(future);
        }
    }

    /** While calls wait, asks the server for a sign of life; a transport failure loses the session. */
    private void ping() {
        if (waiting.isEmpty() || lost != null || !pinging.compareAndSet(false, true)) {
            return;
        }
        client.ping().doFinally(signal -> pinging.set(false)).subscribe(answer -> {}, e -> {
            if (!(e instanceof McpError) && !timedOut(e)) {
                lose("its connection failed (" + e + ")");
            }
        });
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }

    private RuntimeException failure(Throwable cause, String what, Duration limit) {
        if (cause instanceof McpException m) {
            return m;
        }
        if (cause instanceof McpError protocol) {
            return protocol;
        }
        if (timedOut(cause)) {
            return timedOut(what, limit, cause);
        }
        // the transport failed (a broken connection, a refused request): this session is done
        String why = "its connection failed (" + cause + ")";
        lose(why);
        return gone(why, what);
    }

    private McpException timedOut(String what, Duration limit, Throwable cause) {
        return new McpException(
                "MCP server '" + server + "' did not answer the " + what + " within " + seconds(limit), cause);
    }

    private McpException gone(String why, String what) {
        return new McpException("MCP server '" + server + "' is gone: " + why + ", during the " + what, null);
    }

    /** Marks the session lost and fails every waiting call now. */
    void lose(String why) {
        if (lost != null) {
            return;
        }
        lost = why;
        waiting.forEach((f, what) -> f.completeExceptionally(gone(why, what)));
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }

    @Override
    public void close() {
        heartbeat.cancel(false);
        lose("the tool set was closed");
        try {
            client.closeGracefully().block(Duration.ofSeconds(5));
        } catch (RuntimeException e) {
            client.close();
        }
        opened.close();
    }
}
