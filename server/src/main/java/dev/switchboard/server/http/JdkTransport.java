package dev.switchboard.server.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves an {@link ApiHandler} with the JDK's built-in HTTP server ({@code com.sun.net.httpserver}):
 * each request on a thread of a bounded pool, the handler's response written back, a streamed body
 * (SSE) written on that thread as it is made. A {@code HEAD} request gets the headers only.
 *
 * <p>The pool has {@code threads} threads and as many requests may wait for one; past that a
 * request goes to a small overflow pool that answers {@code GET /ok} (health answers however busy
 * the server is) and 503 to anything else, and past that too a connection is closed at once, so
 * connections never cost more than that. A request must arrive whole (headers and body) within the read timeout, else its
 * connection is closed: a client that sends half a request and stalls holds a thread that long at
 * most. An answer takes as long as it takes: a stream or a wait is not cut. The read timeout is the
 * JDK server's {@code sun.net.httpserver.maxReqTime}, one setting for the whole JVM, read when the
 * first JDK server of the JVM starts (a value set by the application stays).
 */
public final class JdkTransport implements AutoCloseable {
    private static final String NODELAY = "sun.net.httpserver.nodelay";
    private static final String MAX_REQ_TIME = "sun.net.httpserver.maxReqTime";
    private static final String TIMER = "sun.net.httpserver.timerMillis";
    private static final byte[] BUSY =
            "the server is busy: retry later".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    /** The most bytes of an unread request body skipped before its connection is closed instead. */
    private static final long DRAIN = 1 << 20;

    /** The overflow pool's threads (and as many waiting). */
    private static final int OVERFLOW = 4;
    /** Set on an overflow thread while it serves: only health is answered. */
    private static final ThreadLocal<Boolean> OVERFLOWING = ThreadLocal.withInitial(() -> false);

    private final HttpServer http;
    private final ExecutorService threads;
    private final ExecutorService overflow;

    private JdkTransport(HttpServer http, ExecutorService threads, ExecutorService overflow) {
        this.http = http;
        this.threads = threads;
        this.overflow = overflow;
    }

    /**
     * Starts serving with the server's defaults: 256 request threads, a 30 s read timeout.
     *
     * @param host the address to listen on
     * @param port the port, 0 for any free one
     * @param handler the API
     * @return the running transport
     * @throws IOException if the address cannot be bound
     */
    public static JdkTransport start(String host, int port, ApiHandler handler) throws IOException {
        return start(host, port, handler, 256, Duration.ofSeconds(30));
    }

    /**
     * Binds the address and starts answering.
     *
     * @param host the address to listen on
     * @param port the port, 0 for any free one
     * @param handler the API
     * @param threads how many requests are served at once (as many more may wait)
     * @param readTimeout how long a request may take to arrive whole
     * @return the running transport
     * @throws IOException if the address cannot be bound
     */
    public static JdkTransport start(String host, int port, ApiHandler handler, int threads, Duration readTimeout)
            throws IOException {
        if (System.getProperty(MAX_REQ_TIME) == null) {
            System.setProperty(MAX_REQ_TIME, Long.toString(Math.max(1, readTimeout.toSeconds())));
            System.setProperty(TIMER, "250"); // how often the JDK checks the time left: a quarter second
        }
        // The JDK server writes headers and body in separate packets; with Nagle's algorithm on, a
        // small answer then waits for the client's delayed ACK (~40 ms per request). Read once, when
        // the JDK's server classes load, so it is set before the first server is created.
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
        ThreadPoolExecutor pool = pool(threads, "switchboard-http-");
        ThreadPoolExecutor spare = pool(OVERFLOW, "switchboard-http-overflow-");
        // a request the overflow pool rejects too has its connection closed by the JDK server
        Executor executor = task -> {
            try {
                pool.execute(task);
            } catch (RejectedExecutionException busy) {
                spare.execute(() -> {
                    OVERFLOWING.set(true);
                    try {
                        task.run();
                    } finally {
                        OVERFLOWING.set(false);
                    }
                });
            }
        };
        HttpServer http = HttpServer.create(new InetSocketAddress(host, port), 0);
        http.setExecutor(executor);
        http.createContext("/", h -> serve(h, handler));
        http.start();
        return new JdkTransport(http, pool, spare);
    }

    /** A pool of {@code size} threads and as many waiting requests, no more. */
    private static ThreadPoolExecutor pool(int size, String name) {
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(size, size, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(size), r -> {
                    Thread t = new Thread(r, name + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /**
     * The port listened on.
     *
     * @return the port
     */
    public int port() {
        return http.getAddress().getPort();
    }

    /**
     * Skips what is left of a request body a route did not read (one that takes none, or an
     * error answered first), up to {@link #DRAIN} bytes, so the connection can serve the next
     * request.
     *
     * @return true when the body was read to its end
     */
    private static boolean drained(InputStream body) {
        long left = DRAIN - 1;
        try {
            if (body.read() < 0) {
                return true; // read to its end already, mostly: no buffer to skip with
            }
            byte[] buffer = new byte[8192];
            while (left > 0) {
                int n = body.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    return true;
                }
                left -= n;
            }
            return body.read() < 0;
        } catch (IOException closed) {
            return true; // the route read it and closed it (closing drains it), or the client left
        }
    }

    private static void serve(HttpExchange h, ApiHandler handler) {
        try (h) {
            ApiResponse r = OVERFLOWING.get() && !h.getRequestURI().getPath().equals("/ok")
                    ? ApiResponse.of(
                            503,
                            List.of(
                                    Map.entry("Content-Type", "text/plain; charset=utf-8"),
                                    Map.entry("Retry-After", "5")),
                            BUSY)
                    : handler.handle(new Request(h));
            for (Map.Entry<String, String> header : r.headers()) {
                h.getResponseHeaders().add(header.getKey(), header.getValue());
            }
            if (!drained(h.getRequestBody())) {
                // a body the route did not read and too long to skip: the connection cannot carry
                // another request, so the client is told not to send one on it
                h.getResponseHeaders().set("Connection", "close");
            }
            boolean head = h.getRequestMethod().equals("HEAD");
            if (r.streamed()) {
                h.sendResponseHeaders(r.status(), head ? -1 : 0);
                if (!head) {
                    try (OutputStream out = h.getResponseBody()) {
                        r.stream().writeTo(out);
                    }
                }
                return;
            }
            byte[] body = r.body();
            h.sendResponseHeaders(r.status(), head || body.length == 0 ? -1 : body.length);
            if (!head && body.length > 0) {
                try (OutputStream out = h.getResponseBody()) {
                    out.write(body);
                }
            }
        } catch (IOException e) {
            // the client went away: nothing to answer
        }
    }

    /** Stops listening and drops the open connections. */
    @Override
    public void close() {
        http.stop(0);
        threads.shutdownNow();
        overflow.shutdownNow();
    }

    /** A JDK exchange as an {@link ApiRequest}. */
    private record Request(HttpExchange h) implements ApiRequest {
        @Override
        public String method() {
            return h.getRequestMethod();
        }

        @Override
        public String path() {
            return h.getRequestURI().getPath();
        }

        @Override
        public String rawQuery() {
            return h.getRequestURI().getRawQuery();
        }

        @Override
        public String header(String name) {
            return h.getRequestHeaders().getFirst(name);
        }

        @Override
        public InputStream body() {
            return h.getRequestBody();
        }
    }
}
