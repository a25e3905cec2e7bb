package dev.switchboard.server.http;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listener in front of the {@link JdkTransport} when the server takes WebSockets, which the
 * JDK's HTTP server cannot upgrade to: it reads the head of each connection's first request; a
 * WebSocket handshake ({@code Upgrade: websocket}) goes through the {@link ApiHandler} like any
 * request (same Host, Origin and authentication checks, same routes), and when it answers 101 the
 * connection becomes that WebSocket on this listener's threads; any other request is relayed,
 * bytes as they come, to the JDK server on a loopback port, asking it to close the connection
 * after its answer (a connection kept alive could carry a handshake the relay would not see: so
 * none is kept alive through this listener). Bounded: at most {@code connections}
 * connections at once (each takes two threads while relayed, one while a WebSocket — plus the
 * writer its route may start), a connection past that is answered 503 and closed; a head must
 * arrive whole, at most 16 KiB, within the read timeout (else 431, or the connection is closed); a
 * WebSocket silent for a read timeout is pinged and closed when silent for another.
 */
public final class SocketFront implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SocketFront.class);

    /** The largest request head read. */
    static final int MAX_HEAD = 16 * 1024;

    private final ServerSocket listener;
    private final ApiHandler handler;
    private final int backend;
    private final int readTimeoutMillis;
    private final Semaphore slots;
    private final ExecutorService threads;
    private final Thread acceptor;
    private final java.util.Set<Socket> open = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private SocketFront(ServerSocket listener, ApiHandler handler, int backend, int connections, Duration readTimeout) {
        this.listener = listener;
        this.handler = handler;
        this.backend = backend;
        this.readTimeoutMillis = (int) Math.max(1, readTimeout.toMillis());
        this.slots = new Semaphore(connections);
        AtomicInteger n = new AtomicInteger();
        // two threads per connection at most (a relay's two directions); the semaphore bounds them
        this.threads =
                new ThreadPoolExecutor(0, 2 * connections + 1, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                    Thread t = new Thread(r, "switchboard-front-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        this.acceptor = new Thread(this::accept, "switchboard-front-accept");
        this.acceptor.setDaemon(true);
    }

    /**
     * Binds the address and starts accepting.
     *
     * @param host the address to listen on
     * @param port the port, 0 for any free one
     * @param handler the API, for WebSocket handshakes
     * @param backend the loopback port of the JDK server other connections are relayed to
     * @param connections how many connections are served at once
     * @param readTimeout how long a request head may take to arrive, and a WebSocket's idle time
     *     before a ping
     * @return the running front
     * @throws IOException if the address cannot be bound
     */
    public static SocketFront start(
            String host, int port, ApiHandler handler, int backend, int connections, Duration readTimeout)
            throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.setReuseAddress(true);
        listener.bind(new InetSocketAddress(host, port), 128);
        SocketFront front = new SocketFront(listener, handler, backend, connections, readTimeout);
        front.acceptor.start();
        return front;
    }

    /**
     * The port listened on.
     *
     * @return the port
     */
    public int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket s;
            try {
                s = listener.accept();
            } catch (IOException e) {
                if (!listener.isClosed()) {
                    LOG.warn("accepting a connection failed", e);
                }
                continue;
            }
            if (!slots.tryAcquire()) {
                refuse(s, 503, "the server is busy: retry later");
                continue;
            }
            try {
                open.add(s);
                threads.execute(() -> {
                    try (s) {
                        serve(s);
                    } catch (IOException | RuntimeException e) {
                        // the client went away, or sent what cannot be served: its connection ends
                    } finally {
                        open.remove(s);
                        slots.release();
                    }
                });
            } catch (RejectedExecutionException e) {
                open.remove(s);
                slots.release();
                refuse(s, 503, "the server is busy: retry later");
            }
        }
    }

    private static void refuse(Socket s, int status, String message) {
        try (s) {
            s.setSoTimeout(1_000);
            write(
                    s.getOutputStream(),
                    status,
                    List.of(Map.entry("Content-Type", "text/plain; charset=utf-8")),
                    message.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // it has gone
        }
    }

    private void serve(Socket s) throws IOException {
        s.setTcpNoDelay(true);
        s.setSoTimeout(readTimeoutMillis);
        InputStream in = new BufferedInputStream(s.getInputStream(), 8192);
        OutputStream out = s.getOutputStream();
        byte[] head = head(in, System.nanoTime() + readTimeoutMillis * 1_000_000L);
        if (head == null) {
            write(out, 431, List.of(), "the request head is too large".getBytes(StandardCharsets.UTF_8));
            linger(s, in);
            return;
        }
        Head h = Head.parse(head);
        if (h == null || !h.upgrade()) {
            // one request per relayed connection: a client reusing it for a handshake (the JDK's
            // client does) then opens a new one, which this listener sees
            relay(s, h == null ? head : h.closing(), in, out);
            return;
        }
        ApiResponse r = handler.handle(h);
        if (r.status() == 101 && r.upgrade() != null) {
            write(out, 101, r.headers(), null);
            // buffered so a frame's header and payload leave in one write; each frame is flushed
            // the socket's read timeout is the WebSocket's idle time
            r.upgrade().serve(in, new java.io.BufferedOutputStream(out, 8192));
            linger(s, in);
        } else {
            byte[] body = r.streamed() ? new byte[0] : r.body();
            write(out, r.status(), r.headers(), body);
        }
    }

    /**
     * The bytes up to the blank line ending a head; null when longer than {@link #MAX_HEAD}. A
     * head trickling in a byte at a time must still be whole by the deadline.
     */
    private static byte[] head(InputStream in, long deadline) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream(512);
        int matched = 0; // of \r\n\r\n
        while (head.size() < MAX_HEAD) {
            if (in.available() == 0 && System.nanoTime() > deadline) {
                throw new java.net.SocketTimeoutException("the request head took longer than the read timeout");
            }
            int b = in.read();
            if (b < 0) {
                throw new IOException("the connection closed within a request head");
            }
            head.write(b);
            matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == 4) {
                return head.toByteArray();
            }
        }
        return null;
    }

    /**
     * Ends the output, then reads (a second, 64 KiB at most) what the client still sends before the
     * socket closes: a close with unread input resets the connection, and a reset can drop the
     * close frame just sent before the client reads it.
     */
    private static void linger(Socket s, InputStream in) {
        try {
            s.shutdownOutput();
            s.setSoTimeout(1_000);
            in.skip(64 * 1024);
        } catch (IOException e) {
            // it has gone
        }
    }

    /** Relays the connection to the JDK server: the head read, then all bytes both ways. */
    private void relay(Socket client, byte[] head, InputStream in, OutputStream out) throws IOException {
        try (Socket server = new Socket(InetAddress.getLoopbackAddress(), backend)) {
            server.setTcpNoDelay(true);
            client.setSoTimeout(0); // the JDK server times out what it waits for; its close ends this
            OutputStream up = server.getOutputStream();
            up.write(head);
            up.flush();
            InputStream down = server.getInputStream();
            Future<?> answers = threads.submit(() -> {
                try {
                    pump(down, out);
                } catch (IOException e) {
                    // either side has gone
                } finally {
                    close(client); // the server ended the connection: so does the client's side
                }
            });
            try {
                pump(in, up);
                server.shutdownOutput(); // the client is done sending; its answers still flow down
                answers.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | IOException gone) {
                // closed by the other half
            }
        }
    }

    private static void pump(InputStream from, OutputStream to) throws IOException {
        byte[] buffer = new byte[16 * 1024];
        int n;
        while ((n = from.read(buffer)) >= 0) {
            to.write(buffer, 0, n);
            if (from.available() == 0) {
                to.flush();
            }
        }
        to.flush();
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closed already
        }
    }

    /** Writes an answer; with a body, the connection is closed after it. */
    private static void write(OutputStream out, int status, List<Map.Entry<String, String>> headers, byte[] body)
            throws IOException {
        StringBuilder b = new StringBuilder("HTTP/1.1 ")
                .append(status)
                .append(' ')
                .append(reason(status))
                .append("\r\n");
        for (Map.Entry<String, String> e : headers) {
            b.append(e.getKey()).append(": ").append(e.getValue()).append("\r\n");
        }
        if (body != null) {
            b.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n");
        }
        b.append("\r\n");
        out.write(b.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) {
            out.write(body);
        }
        out.flush();
    }

    private static String reason(int status) {
        return switch (status) {
            case 101 -> "Switching Protocols";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 426 -> "Upgrade Required";
            case 431 -> "Request Header Fields Too Large";
            case 503 -> "Service Unavailable";
            default -> "Status";
        };
    }

    /** Stops accepting and drops the open connections. */
    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // closed already
        }
        open.forEach(SocketFront::close); // a WebSocket's reader blocks in a read a close ends
        threads.shutdownNow();
    }

    /** A request head as an {@link ApiRequest}: no body, upgradable. */
    private record Head(String method, String target, List<Map.Entry<String, String>> headers) implements ApiRequest {
        static Head parse(byte[] bytes) {
            String[] lines = new String(bytes, StandardCharsets.ISO_8859_1).split("\r\n");
            String[] start = lines[0].split(" ");
            if (start.length != 3 || !start[2].equals("HTTP/1.1") || !start[1].startsWith("/")) {
                return null;
            }
            List<Map.Entry<String, String>> headers = new ArrayList<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon <= 0) {
                    return null;
                }
                headers.add(Map.entry(
                        lines[i].substring(0, colon).trim(),
                        lines[i].substring(colon + 1).trim()));
            }
            return new Head(start[0], start[1], headers);
        }

        /** The head again, asking the server to close the connection after its answer. */
        byte[] closing() {
            StringBuilder b =
                    new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
            for (Map.Entry<String, String> h : headers) {
                if (!h.getKey().equalsIgnoreCase("Connection") && !h.getKey().equalsIgnoreCase("Keep-Alive")) {
                    b.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
                }
            }
            return b.append("Connection: close\r\n\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        }

        boolean upgrade() {
            String u = header("Upgrade");
            return u != null && u.toLowerCase(Locale.ROOT).contains("websocket");
        }

        @Override
        public String path() {
            int q = target.indexOf('?');
            String raw = q < 0 ? target : target.substring(0, q);
            try {
                return java.net.URI.create(raw).getPath();
            } catch (IllegalArgumentException e) {
                return raw;
            }
        }

        @Override
        public String rawQuery() {
            int q = target.indexOf('?');
            return q < 0 ? null : target.substring(q + 1);
        }

        @Override
        public String header(String name) {
            for (Map.Entry<String, String> h : headers) {
                if (h.getKey().equalsIgnoreCase(name)) {
                    return h.getValue();
                }
            }
            return null;
        }

        @Override
        public InputStream body() {
            return new ByteArrayInputStream(new byte[0]);
        }

        @Override
        public boolean upgradable() {
            return true;
        }
    }
}
