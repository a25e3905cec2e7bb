package dev.switchboard.bench.server;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.SwitchboardServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A run whose request is wide: {@code metadata} of 1,000, 16,000 and 80,000 keys (16,000 keys cost
 * 35 s of CPU and 80,000 over ten minutes when the run's config was copied once per key). Every key
 * passes through the request's checks, the run's row, the thread's metadata, the run's config and
 * its checkpoints' metadata, so the time per key should not grow with the keys. The server's key
 * limit is raised to let the widest through (by default a body of more than 10,000 keys in one
 * object is refused with 422 before any work); the three-node graph keeps the graph's own cost
 * small. The table reports the time per key and its ratio to the narrowest request's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class WideRequestBench {
    /** Keys in the run's metadata. */
    @Param({"1000", "16000", "80000"})
    public int keys;

    private SwitchboardServer server;
    private HttpClient client;
    private HttpRequest wait;

    /** For JMH. */
    public WideRequestBench() {}

    /**
     * Starts the server and builds the request; checks that a run answers and that the default
     * limit refuses the wide request.
     *
     * @throws Exception if the server cannot start or a run fails
     */
    @Setup
    public void setup() throws Exception {
        server = SwitchboardServer.builder()
                .graph(ServerOverheadBench.GRAPH, RelayGraph.builder(new Relay()))
                .checkpointer(new MemorySaver())
                .jsonLimits(64, 100_000)
                .maxBodyBytes(8 << 20)
                .port(0)
                .build()
                .start();
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        StringBuilder metadata = new StringBuilder("{");
        for (int i = 0; i < keys; i++) {
            metadata.append(i == 0 ? "" : ",")
                    .append("\"key-")
                    .append(i)
                    .append("\":")
                    .append(i);
        }
        String body = "{\"assistant_id\":\"" + ServerOverheadBench.GRAPH + "\",\"input\":{\"counter\":0},\"metadata\":"
                + metadata + "}}";
        wait = HttpRequest.newBuilder(URI.create(server.url() + "/runs/wait"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        if (!switchboard().contains("\"counter\":3")) {
            throw new IllegalStateException("the run did not end as expected");
        }
        SwitchboardServer limited = SwitchboardServer.builder()
                .graph(ServerOverheadBench.GRAPH, RelayGraph.builder(new Relay()))
                .checkpointer(new MemorySaver())
                .maxBodyBytes(8 << 20)
                .port(0)
                .build()
                .start();
        try {
            int status = client.send(
                            HttpRequest.newBuilder(URI.create(limited.url() + "/runs/wait"))
                                    .header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString(body))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .statusCode();
            int expected = keys > 10_000 ? 422 : 200;
            if (status != expected) {
                throw new IllegalStateException("by default " + keys + " keys answer " + status + ", not " + expected);
            }
        } finally {
            limited.close();
        }
    }

    /** Stops the server. */
    @TearDown
    public void tearDown() {
        server.close();
    }

    /**
     * One stateless run with {@link #keys} metadata keys.
     *
     * @return the final values
     * @throws Exception if the request fails or the server answers other than 200
     */
    @Benchmark
    public String switchboard() throws Exception {
        HttpResponse<String> r = client.send(wait, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("POST /runs/wait answered " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }
}
