package dev.switchboard.samples.platform;

import com.sun.net.httpserver.HttpServer;
import dev.switchboard.server.SwitchboardServer;
import dev.switchboard.server.wire.WebhookPolicy;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * LangGraph's platform features on a served graph, driven over HTTP with the same JSON bodies as
 * the README's curl lines: an assistant with config, context and metadata, patched to a second
 * version and set back to the first; a stateless cron that fires every second and calls a webhook
 * receiver (on 127.0.0.1, which the server's {@link WebhookPolicy} allows explicitly) when its run
 * ends, its thread deleted after; a thread with a time to live that the server sweeps; a thread
 * pruned to its latest checkpoint; and the generative UI cards the graph pushes, in {@code
 * values.ui}. Everything lives in a SQLite file in a temporary directory.
 */
public final class PlatformSample {
    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private PlatformSample() {}

    /**
     * Serves the weather graph on a free port and walks through the features.
     *
     * @param args none
     * @throws Exception if the server cannot start
     */
    public static void main(String[] args) throws Exception {
        System.exit(run(System.out));
    }

    static int run(PrintStream out) throws Exception {
        Path dir = Files.createTempDirectory("switchboard-platform");
        LinkedBlockingQueue<String[]> hooks = new LinkedBlockingQueue<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            hooks.add(new String[] {ex.getRequestHeaders().getFirst("Idempotency-Key"), body});
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        receiver.start();
        try (SwitchboardServer server = SwitchboardServer.builder()
                .graph("weather", WeatherGraph.builder(new Weather()))
                .database("jdbc:sqlite:" + dir.resolve("platform.db"))
                .webhooks(WebhookPolicy.builder() // the receiver is on this machine: allowed explicitly
                        .allowHttp()
                        .allowHosts("127.0.0.1")
                        .allowPrivateNetworks()
                        .build())
                .cronTick(Duration.ofMillis(200))
                .threadTtlSweep(Duration.ofMillis(200))
                .port(0)
                .build()
                .start()) {
            URI api = server.url();
            String hook = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
            String assistant = assistants(api, out);
            cron(api, assistant, hook, hooks, out);
            ttlAndPrune(api, assistant, out);
        } finally {
            receiver.stop(0);
        }
        return 0;
    }

    /** An assistant: config, context and metadata; a second version; the first made latest again. */
    private static String assistants(URI api, PrintStream out) throws Exception {
        JsonNode a = call(api, "POST", "/assistants", """
                {"graph_id": "weather", "name": "harbour desk", "metadata": {"team": "ops"},
                 "config": {"configurable": {"station": "harbour"}}, "context": {"units": "fahrenheit"}}""");
        String id = a.get("assistant_id").asString();
        out.println("assistant " + a.get("name").asString() + ", version " + a.get("version"));
        out.println("run: " + forecast(api, id, "Paris"));
        JsonNode v2 = call(api, "PATCH", "/assistants/" + id, "{\"context\": {\"units\": \"celsius\"}}");
        out.println("patched: version " + v2.get("version") + ", run: " + forecast(api, id, "Paris"));
        JsonNode versions = call(api, "POST", "/assistants/" + id + "/versions", "{}");
        StringBuilder listed = new StringBuilder();
        versions.forEach(v -> listed.append(listed.isEmpty() ? "" : ", ").append(v.get("version")));
        out.println("versions: " + listed);
        call(api, "POST", "/assistants/" + id + "/latest", "{\"version\": 1}");
        out.println("version 1 latest again, run: " + forecast(api, id, "Paris"));
        return id;
    }

    /** A stateless run of the assistant: its report and its UI card (generative UI). */
    private static String forecast(URI api, String assistant, String city) throws Exception {
        JsonNode values = call(
                api,
                "POST",
                "/runs/wait",
                "{\"assistant_id\": \"" + assistant + "\", \"input\": {\"city\": \"" + city + "\"}}");
        JsonNode card = values.get("ui").get(0);
        return values.get("reports").get(0).asString() + ", ui "
                + card.get("name").asString() + " "
                + card.get("props").get("city").asString() + " "
                + card.get("props").get("temp").asString();
    }

    /** A stateless cron firing every second, with a webhook: its first call, then the cron deleted. */
    private static void cron(
            URI api, String assistant, String hook, LinkedBlockingQueue<String[]> hooks, PrintStream out)
            throws Exception {
        JsonNode cron = call(
                api,
                "POST",
                "/runs/crons",
                "{\"assistant_id\": \"" + assistant
                        + "\", \"schedule\": \"* * * * * *\", \"input\": {\"city\": \"Oslo\"}, \"webhook\": \"" + hook
                        + "\"}");
        String[] call = hooks.poll(30, TimeUnit.SECONDS);
        call(api, "DELETE", "/runs/crons/" + cron.get("cron_id").asString(), null);
        if (call == null) {
            throw new IllegalStateException("the cron's webhook was not called");
        }
        JsonNode run = JSON.readTree(call[1]);
        out.println("cron webhook: run " + run.get("status").asString() + ", "
                + run.get("values").get("reports") + ", Idempotency-Key is the run id: "
                + call[0].equals(run.get("run_id").asString()));
        String thread = "/threads/" + run.get("thread_id").asString();
        out.println("the firing's thread after its run: " + awaitStatus(api, thread, 404));
    }

    /** A thread with a time to live, swept; a thread of three runs pruned to its latest checkpoint. */
    private static void ttlAndPrune(URI api, String assistant, PrintStream out) throws Exception {
        JsonNode brief = call(api, "POST", "/threads", "{\"ttl\": {\"ttl\": 0.005, \"strategy\": \"delete\"}}");
        out.println("thread with a 0.3 s ttl, then: "
                + awaitStatus(api, "/threads/" + brief.get("thread_id").asString(), 404));
        String t = "/threads/"
                + call(api, "POST", "/threads", "{}").get("thread_id").asString();
        for (String city : new String[] {"Paris", "Oslo", "Lima"}) {
            call(
                    api,
                    "POST",
                    t + "/runs/wait",
                    "{\"assistant_id\": \"" + assistant + "\", \"input\": {\"city\": \"" + city + "\"}}");
        }
        int before = call(api, "GET", t + "/history?limit=100", null).size();
        JsonNode pruned = call(
                api,
                "POST",
                "/threads/prune",
                "{\"thread_ids\": [\"" + t.substring(9) + "\"], \"strategy\": \"keep_latest\"}");
        JsonNode state = call(api, "GET", t + "/state", null).get("values");
        out.println("pruned " + pruned.get("pruned_count") + " thread: " + before + " checkpoints, then "
                + call(api, "GET", t + "/history?limit=100", null).size() + "; reports " + state.get("reports")
                + ", " + state.get("ui").size() + " cards");
    }

    /** Polls a path until it answers {@code status} (10 s at most); answers the status seen last. */
    private static int awaitStatus(URI api, String path, int status) throws Exception {
        long end = System.currentTimeMillis() + 10_000;
        int seen;
        while ((seen = send(api, "GET", path, null).statusCode()) != status && System.currentTimeMillis() < end) {
            Thread.sleep(100);
        }
        return seen;
    }

    private static JsonNode call(URI api, String method, String path, String json) throws Exception {
        HttpResponse<String> r = send(api, method, path, json);
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException(method + " " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return r.body().isEmpty() ? JSON.nullNode() : JSON.readTree(r.body());
    }

    private static HttpResponse<String> send(URI api, String method, String path, String json) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(api.resolve(path)).header("Content-Type", "application/json");
        b.method(
                method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
