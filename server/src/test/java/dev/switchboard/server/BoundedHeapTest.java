package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What runs retain is bounded, in a server JVM of its own with a small heap (256 MB, SQLite rows
 * and checkpoints, so that what stays in memory is the server's own): twenty runs at once, each
 * with a request near the body limit (~700 KB of 30,000 strings) and every stream mode, are each
 * streamed to the end or refused with 503; the heap never runs out, {@code /ok} answers all along,
 * and once they are done a new run of the same size runs: their events are not held for minutes.
 */
class BoundedHeapTest {
    private static final String MODES =
            "[\"values\",\"updates\",\"debug\",\"tasks\",\"checkpoints\",\"custom\",\"messages-tuple\"]";

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    @Test
    void largeRunsAtOnceAreServedOrShedAndTheHeapHolds() throws Exception {
        StringBuilder trail = new StringBuilder("[");
        for (int i = 0; i < 30_000; i++) {
            trail.append(i == 0 ? "" : ",")
                    .append("\"item-")
                    .append(1_000_000 + i)
                    .append("-xxxxxx\"");
        }
        String body = "{\"assistant_id\":\"chain\",\"input\":{\"trail\":" + trail + "]},\"stream_mode\":" + MODES + "}";
        assertTrue(body.length() > 600_000 && body.length() < 1 << 20, "size " + body.length());
        try (ServerJvm server = ServerJvm.start(
                dir.resolve("server.log"),
                List.of("-Xmx256m", "-XX:+ExitOnOutOfMemoryError"),
                "64",
                "30",
                dir.resolve("rows.db").toString())) {
            String base = "http://127.0.0.1:" + server.port;
            AtomicBoolean done = new AtomicBoolean();
            List<String> healthFailures = new ArrayList<>();
            Thread health = new Thread(() -> {
                while (!done.get()) {
                    try {
                        int status = send(base, "GET", "/ok", null, Duration.ofSeconds(5))
                                .statusCode();
                        if (status != 200) {
                            healthFailures.add("status " + status);
                        }
                        Thread.sleep(100);
                    } catch (Exception e) {
                        healthFailures.add(e.toString());
                        if (!server.process.isAlive()) {
                            return;
                        }
                    }
                }
            });
            health.start();
            Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
            ExecutorService clients = Executors.newFixedThreadPool(20);
            try {
                List<Future<?>> runs = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    runs.add(clients.submit(() -> {
                        int status;
                        try {
                            status = stream(base, body);
                        } catch (java.io.IOException e) {
                            status = -1; // the connection broke
                        }
                        statuses.computeIfAbsent(status, k -> new AtomicInteger())
                                .incrementAndGet();
                        return null;
                    }));
                }
                for (Future<?> f : runs) {
                    f.get();
                }
            } finally {
                clients.shutdownNow();
                done.set(true);
                health.join();
            }
            System.out.println("statuses: " + statuses);
            String log = server.output();
            assertTrue(server.process.isAlive(), "the server died:\n" + tail(log));
            assertFalse(log.contains("OutOfMemoryError"), () -> tail(log));
            assertEquals(List.of(), healthFailures, "/ok did not answer");
            assertTrue(
                    statuses.keySet().stream().allMatch(s -> s == 200 || s == 503),
                    "each run streamed or was shed: " + statuses);
            assertTrue(statuses.containsKey(200), "some ran: " + statuses);
            // what they kept is bounded: a run of the same size runs now (after a 503's Retry-After)
            int after = 503;
            for (int i = 0; i < 20 && after == 503; i++) {
                after = stream(base, body);
                if (after == 503) {
                    Thread.sleep(1_000);
                }
            }
            assertEquals(200, after, "a run after the others: " + statuses);
            assertFalse(server.output().contains("OutOfMemoryError"));
        }
    }

    private static String tail(String log) {
        return log.substring(Math.max(0, log.length() - 5_000));
    }

    /** Streams a run on a new thread to its end; the status of whichever request answered otherwise. */
    private int stream(String base, String body) throws Exception {
        HttpResponse<String> thread = send(base, "POST", "/threads", "{}", Duration.ofSeconds(60));
        if (thread.statusCode() != 200) {
            return thread.statusCode();
        }
        String id = thread.body().replaceAll(".*\"thread_id\":\"([^\"]+)\".*", "$1");
        HttpResponse<String> run = send(base, "POST", "/threads/" + id + "/runs/stream", body, Duration.ofSeconds(120));
        if (run.statusCode() == 200) {
            assertTrue(
                    run.body().contains("-xxxxxx\",\"a\",\"b\"]"),
                    () -> run.body().substring(Math.max(0, run.body().length() - 500)));
            assertFalse(
                    run.body().contains("event: error"),
                    () -> run.body().substring(Math.max(0, run.body().length() - 2000)));
        }
        return run.statusCode();
    }

    private HttpResponse<String> send(String base, String method, String path, String body, Duration timeout)
            throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout);
        if (body != null) {
            r.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        } else {
            r.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }
}
