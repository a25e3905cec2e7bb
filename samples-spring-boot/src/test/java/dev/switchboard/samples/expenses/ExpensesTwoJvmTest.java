package dev.switchboard.samples.expenses;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.client.ApiException;
import dev.switchboard.client.LangGraphClient;
import dev.switchboard.client.Run;
import dev.switchboard.client.RunRequest;
import dev.switchboard.client.ThreadState;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The expense approval application as it is deployed: two real JVMs of it on one PostgreSQL schema
 * (of {@code SWITCHBOARD_POSTGRES_URL}; skipped without it, failing under {@code
 * SWITCHBOARD_REQUIRE_POSTGRES=true} or {@code CI=true}), a web JVM with room for one run at a time
 * and a worker JVM started with {@code --switchboard.server.mode=worker} alone. Driven through
 * Switchboard's Java client for LangGraph's API on the web JVM's port, behind Spring Security: a
 * claim over the limit waits for a manager and is booked once approved; claims sent together are
 * run by both JVMs; the worker binds no port and stays up.
 */
class ExpensesTwoJvmTest {
    private static final String PASSWORD = "test-" + UUID.randomUUID();
    private static final Pattern PORT = Pattern.compile("Tomcat started on port (\\d+)");
    private static final String SCHEMA =
            "sbexp_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

    @TempDir
    static Path logs;

    private static String base;
    private static Process web;
    private static Process worker;

    @BeforeAll
    static void start() throws Exception {
        base = System.getenv("SWITCHBOARD_POSTGRES_URL");
        if (base == null || base.isBlank()) {
            if ("true".equalsIgnoreCase(System.getenv("SWITCHBOARD_REQUIRE_POSTGRES"))
                    || "true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("PostgreSQL is required here but SWITCHBOARD_POSTGRES_URL is not set");
            }
            Assumptions.abort("set SWITCHBOARD_POSTGRES_URL to run the two-JVM expense test");
        }
        execute("CREATE SCHEMA " + SCHEMA);
        web = launch("web", "--server.port=0", "--switchboard.server.max-runs=1");
        worker = launch("worker", "--switchboard.server.mode=worker");
    }

    @AfterAll
    static void stop() throws Exception {
        for (Process p : new Process[] {web, worker}) {
            if (p != null) {
                p.destroy(); // SIGTERM: Spring closes the context, the server hands its runs back
                if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
        }
        if (base != null && !base.isBlank()) {
            execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        }
    }

    @Test
    void aClaimOverTheLimitWaitsForAManagerAndBothJvmsRunClaims() throws Exception {
        int port = port(web, "web");
        await(worker, "worker", "Started ExpensesApplication");
        LangGraphClient client = LangGraphClient.builder(URI.create("http://127.0.0.1:" + port))
                .header("Authorization", basic("manager", PASSWORD))
                .build();

        ApiException refused = assertThrows(
                ApiException.class,
                () -> LangGraphClient.builder(URI.create("http://127.0.0.1:" + port))
                        .build()
                        .threads()
                        .create());
        assertEquals(401, refused.status());

        // over the limit: the run pauses for a manager, who approves; then it is booked
        String flight = client.threads().create().threadId();
        client.runs()
                .waitFor(
                        flight,
                        "expenses",
                        RunRequest.input(claim("ana", "flight to Lisbon", "12345678901234567890.10")));
        ThreadState paused = client.threads().state(flight);
        assertEquals(List.of("review"), paused.next());
        JsonNode question = paused.interrupts().get(0).get("value");
        assertEquals("Approve this expense?", question.get("question").asString());
        assertEquals("ana", question.get("employee").asString());
        JsonNode done =
                client.runs().waitFor(flight, "expenses", RunRequest.resume(Map.of("approved", true, "by", "maria")));
        assertEquals("booked", done.get("status").asString());
        assertEquals("maria", done.get("approver").asString());
        assertTrue(done.get("journal").toString().contains("approved by maria"), done::toString);

        // the application's own route beside the API reads the same thread through the graph bean
        HttpResponse<String> summary = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/expenses/" + flight))
                                .header("Authorization", basic("manager", PASSWORD))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, summary.statusCode(), summary::body);
        assertTrue(summary.body().contains("\"approver\":\"maria\""), summary::body);
        // the amount went through the API, the queue and the saver digit for digit, trailing zero kept
        assertTrue(summary.body().contains("\"amount\":\"12345678901234567890.10\""), summary::body);

        // small claims sent together: the web JVM runs one at a time, the worker takes the others
        Map<String, String> runs = new LinkedHashMap<>();
        for (int i = 0; i < 4; i++) {
            String thread = client.threads().create().threadId();
            Run run = client.runs().create(thread, "expenses", RunRequest.input(claim("ben", "lunch " + i, "20")));
            runs.put(thread, run.runId());
        }
        Set<String> bookedOn = new TreeSet<>();
        for (Map.Entry<String, String> r : runs.entrySet()) {
            JsonNode values = client.runs().join(r.getKey(), r.getValue());
            assertEquals("booked", values.get("status").asString(), values::toString);
            String entry = values.get("entry").asString();
            bookedOn.add(entry.substring(0, entry.indexOf('-')));
        }
        assertEquals(Set.of("web", "worker"), bookedOn, "the JVMs that booked the claims");

        assertTrue(worker.isAlive(), "the worker JVM stays up");
        assertFalse(log("worker").contains("Tomcat started"), "the worker binds no port");
    }

    private static Map<String, Object> claim(String employee, String description, String amount) {
        Map<String, Object> claim = new HashMap<>();
        claim.put("employee", employee);
        claim.put("description", description);
        claim.put("amount", new java.math.BigDecimal(amount));
        return claim;
    }

    /** Starts the application in a JVM of its own, logging to a file. */
    private static Process launch(String instance, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                ExpensesApplication.class.getName(),
                "--spring.datasource.url=" + url(),
                "--spring.datasource.username=",
                "--spring.datasource.password=",
                "--spring.security.user.password=" + PASSWORD,
                "--expenses.instance=" + instance,
                "--expenses.booking-time=1s"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve(instance + ".log").toFile())
                .start();
    }

    private static int port(Process p, String instance) throws Exception {
        Matcher m = PORT.matcher(await(p, instance, "Tomcat started on port"));
        assertTrue(m.find());
        return Integer.parseInt(m.group(1));
    }

    /** The JVM's log once it holds {@code line}; fails if the JVM died or took over two minutes. */
    private static String await(Process p, String instance, String line) throws Exception {
        long end = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            String text = log(instance);
            if (text.contains(line)) {
                return text;
            }
            if (!p.isAlive()) {
                fail("the " + instance + " JVM exited (" + p.exitValue() + "):\n" + text);
            }
            if (System.nanoTime() > end) {
                fail("the " + instance + " JVM did not log '" + line + "':\n" + text);
            }
            Thread.sleep(200);
        }
    }

    private static String log(String instance) throws IOException {
        return Files.readString(logs.resolve(instance + ".log"), StandardCharsets.UTF_8);
    }

    private static String url() {
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA;
    }

    private static void execute(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(base);
                Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
