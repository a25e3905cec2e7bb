package dev.switchboard.bench.server;

import dev.switchboard.bench.Check;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.server.SwitchboardServer;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The server's overhead per run: a three-node graph run through {@code SwitchboardServer} (embedded
 * SQLite in a temporary directory, an ephemeral port, a stateless {@code POST /runs/wait} over a
 * kept-alive connection: the public HTTP API only) beside the same graph invoked directly with a
 * SQLite saver of its own, on a fresh thread deleted after the run, which is what the server does
 * with a stateless run's thread. The overhead is the difference of the two, per run.
 *
 * <p>The request goes two ways: {@link #server} sends it with the JDK's {@code HttpClient}, and
 * {@link #serverSocket} writes its bytes on a socket and reads the answer by its {@code
 * Content-Length}, the least a client can do. Client and server share this JVM and its cores, so the
 * first counts the HttpClient's own work (its selector thread, its hand-offs, its parsing) in the
 * server's overhead; the second leaves little but the server's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ServerOverheadBench {
    static final String GRAPH = "relay";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Path dir;
    private SwitchboardServer server;
    private HttpClient client;
    private HttpRequest wait;
    private Socket socket;
    private InputStream fromServer;
    private OutputStream toServer;
    private byte[] rawWait;
    private JdbcSaver saver;
    private RelayGraph direct;
    private long runs;

    /** For JMH. */
    public ServerOverheadBench() {}

    /**
     * Starts the server, opens the direct graph's saver and checks both final states.
     *
     * @throws Exception if the server cannot start or a run fails
     */
    @Setup
    public void setup() throws Exception {
        dir = Files.createTempDirectory("switchboard-server-bench-");
        server = SwitchboardServer.builder()
                .graph(GRAPH, RelayGraph.builder(new Relay()))
                .database("jdbc:sqlite:" + dir.resolve("server.db"))
                .port(0)
                .build()
                .start();
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        wait = HttpRequest.newBuilder(URI.create(server.url() + "/runs/wait"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"assistant_id\":\"" + GRAPH + "\",\"input\":{\"counter\":0}}"))
                .build();
        byte[] body =
                ("{\"assistant_id\":\"" + GRAPH + "\",\"input\":{\"counter\":0}}").getBytes(StandardCharsets.UTF_8);
        byte[] head = ("POST /runs/wait HTTP/1.1\r\nHost: " + server.url().getAuthority()
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        rawWait = new byte[head.length + body.length];
        System.arraycopy(head, 0, rawWait, 0, head.length);
        System.arraycopy(body, 0, rawWait, head.length, body.length);
        socket = new Socket("127.0.0.1", server.port());
        socket.setTcpNoDelay(true);
        fromServer = new BufferedInputStream(socket.getInputStream());
        toServer = socket.getOutputStream();
        saver = SqliteSaver.file(dir.resolve("direct.db"));
        direct = RelayGraph.builder(new Relay()).checkpointer(saver).build();
        JsonNode served = JSON.readTree(server());
        check(served.path("counter").asInt(), JSON.convertValue(served.path("log"), List.class));
        JsonNode raw = JSON.readTree(serverSocket());
        check(raw.path("counter").asInt(), JSON.convertValue(raw.path("log"), List.class));
        Baton b = direct();
        check(b.counter(), b.log());
    }

    private static void check(int counter, List<?> log) {
        Check.equal("relay counter", 3, counter);
        Check.equal("relay log", List.of("a", "b", "c"), log);
    }

    /**
     * Stops the server, closes the saver and deletes the directory.
     *
     * @throws IOException if a file cannot be deleted
     */
    @TearDown
    public void tearDown() throws IOException {
        socket.close();
        server.close();
        saver.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * One stateless run through the server.
     *
     * @return the response body, the final values
     * @throws Exception if the request fails or the server answers other than 200
     */
    @Benchmark
    public String server() throws Exception {
        HttpResponse<String> r = client.send(wait, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("POST /runs/wait answered " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }

    /**
     * One stateless run through the server, its request written on a kept-alive socket and its
     * answer read by its {@code Content-Length}.
     *
     * @return the response body, the final values
     * @throws IOException if the connection fails or the server answers other than 200
     */
    @Benchmark
    public String serverSocket() throws IOException {
        toServer.write(rawWait);
        toServer.flush();
        String status = line();
        int length = -1;
        for (String h = line(); !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon > 0 && h.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
                length = Integer.parseInt(h.substring(colon + 1).trim());
            }
        }
        if (length < 0) {
            throw new IllegalStateException("POST /runs/wait answered without a Content-Length: " + status);
        }
        byte[] body = fromServer.readNBytes(length);
        if (!status.startsWith("HTTP/1.1 200 ")) {
            throw new IllegalStateException(
                    "POST /runs/wait answered " + status + ": " + new String(body, StandardCharsets.UTF_8));
        }
        return new String(body, StandardCharsets.UTF_8);
    }

    /** One line of the answer's head, without its CRLF. */
    private String line() throws IOException {
        StringBuilder s = new StringBuilder();
        for (int c = fromServer.read(); c != '\n'; c = fromServer.read()) {
            if (c < 0) {
                throw new IOException("the server closed the connection");
            }
            if (c != '\r') {
                s.append((char) c);
            }
        }
        return s.toString();
    }

    /**
     * One run of the same graph, invoked directly on a fresh thread that is deleted afterwards.
     *
     * @return the final state
     */
    @Benchmark
    public Baton direct() {
        String thread = "t-" + ++runs;
        Baton out = direct.invoke(BatonUpdate.of().counter(0), RunConfig.thread(thread))
                .value();
        saver.deleteThread(thread);
        return out;
    }
}
