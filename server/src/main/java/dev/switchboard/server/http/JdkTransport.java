package dev.switchboard.server.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves an {@link ApiHandler} with the JDK's built-in HTTP server ({@code com.sun.net.httpserver}):
 * each request on a thread of its own pool, the handler's response written back, a streamed body
 * (SSE) written on that thread as it is made. A {@code HEAD} request gets the headers only.
 */
public final class JdkTransport implements AutoCloseable {
    private static final String NODELAY = "sun.net.httpserver.nodelay";

    private final HttpServer http;
    private final ExecutorService threads;

    private JdkTransport(HttpServer http, ExecutorService threads) {
        this.http = http;
        this.threads = threads;
    }

    /**
     * Binds the address and starts answering.
     *
     * @param host the address to listen on
     * @param port the port, 0 for any free one
     * @param handler the API
     * @return the running transport
     * @throws IOException if the address cannot be bound
     */
    public static JdkTransport start(String host, int port, ApiHandler handler) throws IOException {
        // The JDK server writes headers and body in separate packets; with Nagle's algorithm on, a
        // small answer then waits for the client's delayed ACK (~40 ms per request). Read once, when
        // the JDK's server classes load, so it is set before the first server is created.
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
        AtomicInteger n = new AtomicInteger();
        ExecutorService threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "switchboard-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        HttpServer http = HttpServer.create(new InetSocketAddress(host, port), 0);
        http.setExecutor(threads);
        http.createContext("/", h -> serve(h, handler));
        http.start();
        return new JdkTransport(http, threads);
    }

    /**
     * The port listened on.
     *
     * @return the port
     */
    public int port() {
        return http.getAddress().getPort();
    }

    private static void serve(HttpExchange h, ApiHandler handler) {
        try (h) {
            ApiResponse r = handler.handle(new Request(h));
            for (Map.Entry<String, String> header : r.headers()) {
                h.getResponseHeaders().add(header.getKey(), header.getValue());
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
