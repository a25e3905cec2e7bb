package dev.switchboard.bench.server;

import dev.switchboard.bench.Check;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.server.SwitchboardServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
 * SQLite in a temporary directory, an ephemeral port, a stateless {@code POST /runs/wait} sent by
 * the JDK's {@code HttpClient} over a kept-alive connection: the public HTTP API only) beside the
 * same graph invoked directly with a SQLite saver of its own, on a fresh thread deleted after the
 * run, which is what the server does with a stateless run's thread. The overhead is the difference
 * of the two, per run.
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
        saver = SqliteSaver.file(dir.resolve("direct.db"));
        direct = RelayGraph.builder(new Relay()).checkpointer(saver).build();
        JsonNode served = JSON.readTree(server());
        check(served.path("counter").asInt(), JSON.convertValue(served.path("log"), List.class));
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
