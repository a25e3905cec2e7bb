package dev.switchboard.spring.boot.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.TestPgBouncer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * A web application and a worker application on one PostgreSQL through a real PgBouncer in
 * transaction mode, each worker keeping its {@code LISTEN} connection on {@code
 * switchboard.server.listener-url}: the runs either takes, their checkpoints and the store all go
 * through the pooler's three connections, and none of those keeps an isolation level one
 * application set for its session. A listener URL that cannot work is refused at startup, naming
 * what to set.
 */
class SwitchboardPgBouncerTest {
    private static final TestSchema SCHEMA = new TestSchema();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int BOUNCER_POOL = 3;
    private static final String POOLED = "sb-spring-bounced";
    private static final String LISTENER = "sb-spring-listener";
    private static TestPgBouncer bouncer;

    @BeforeAll
    static void database() throws Exception {
        SCHEMA.create();
        bouncer = TestPgBouncer.before(System.getenv("SWITCHBOARD_POSTGRES_URL"), SCHEMA.name, BOUNCER_POOL);
    }

    @AfterAll
    static void dropSchema() throws Exception {
        if (bouncer != null) {
            bouncer.close();
        }
        SCHEMA.drop();
    }

    @Test
    void webAndWorkerRunStoreAndCheckpointThroughTransactionModePgBouncer() throws Exception {
        try (ConfigurableApplicationContext web = start("--server.port=0", "--switchboard.server.max-runs=1");
                ConfigurableApplicationContext worker = start("--switchboard.server.mode=worker")) {
            int port = assertInstanceOf(WebServerApplicationContext.class, web)
                    .getWebServer()
                    .getPort();
            HttpClient http = HttpClient.newHttpClient();
            List<String> threads = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                String thread = JSON.readTree(send(http, port, "POST", "/threads", "{}"))
                        .get("thread_id")
                        .asString();
                send(
                        http,
                        port,
                        "POST",
                        "/threads/" + thread + "/runs",
                        "{\"assistant_id\":\"pipeline\",\"input\":{}}");
                threads.add(thread);
            }
            for (String thread : threads) {
                String run = JSON.readTree(send(http, port, "GET", "/threads/" + thread + "/runs", null))
                        .get(0)
                        .get("run_id")
                        .asString();
                send(http, port, "GET", "/threads/" + thread + "/runs/" + run + "/join", null);
                assertEquals(
                        "[\"1\",\"2\",\"3\"]",
                        JSON.readTree(send(http, port, "GET", "/threads/" + thread + "/state", null))
                                .get("values")
                                .get("steps")
                                .toString());
            }
            List<String> onWorker = worker.getBean(SwitchboardWorkerModeTest.Seen.class).threads;
            List<String> onWeb = web.getBean(SwitchboardWorkerModeTest.Seen.class).threads;
            assertFalse(onWorker.isEmpty(), "the worker ran none of " + threads);
            Set<String> all = new HashSet<>(onWeb);
            all.addAll(onWorker);
            assertEquals(Set.copyOf(threads), all);
            assertEquals(threads.size(), onWeb.size() + onWorker.size(), "each run ran once");

            send(http, port, "PUT", "/store/items", "{\"namespace\":[\"notes\"],\"key\":\"k\",\"value\":{\"a\":1}}");
            assertEquals(
                    "{\"a\":1}",
                    JSON.readTree(send(http, port, "GET", "/store/items?namespace=notes&key=k", null))
                            .get("value")
                            .toString());

            bouncer.assertNoSessionIsolationLeft(BOUNCER_POOL);
            assertTrue(backends(POOLED) <= BOUNCER_POOL, "PostgreSQL saw " + backends(POOLED) + " pooled connections");
            assertEquals(2, backends(LISTENER), "one direct listener connection per application");
        }
    }

    @Test
    void aListenerUrlBesideASchemaOrWithoutPostgresIsRefusedNamingWhatToSet(@TempDir Path dir) {
        assertRefused(
                "connect_query = 'SET search_path TO " + SCHEMA.name + "'",
                "--switchboard.schema=" + SCHEMA.name,
                "--switchboard.server.listener-url=" + listenerUrl());
        assertRefused(
                "switchboard.server.listener-url is the run queue worker's direct connection past a pooler in"
                        + " transaction mode, and the server's database is SQLite",
                "--spring.datasource.url=jdbc:sqlite:" + dir.resolve("app.db"),
                "--switchboard.server.listener-url=" + listenerUrl());
    }

    private static void assertRefused(String expected, String... args) {
        Exception e = assertThrows(Exception.class, () -> start(args).close());
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        assertTrue(root.getMessage().contains(expected), root.getMessage());
    }

    private static String listenerUrl() {
        return SCHEMA.url() + "&ApplicationName=" + LISTENER;
    }

    private static ConfigurableApplicationContext start(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        if (all.stream().noneMatch(a -> a.startsWith("--spring.datasource.url="))) {
            all.add("--spring.datasource.url=" + bouncer.url(POOLED));
            all.add("--spring.datasource.hikari.maximum-pool-size=4");
        }
        if (all.stream().noneMatch(a -> a.startsWith("--switchboard.server.listener-url="))) {
            all.add("--switchboard.server.listener-url=" + listenerUrl());
        }
        return new SpringApplicationBuilder(SwitchboardWorkerModeTest.App.class).run(all.toArray(String[]::new));
    }

    private static int backends(String applicationName) throws Exception {
        return TestPgBouncer.backends(System.getenv("SWITCHBOARD_POSTGRES_URL"), applicationName);
    }

    private static String send(HttpClient http, int port, String method, String path, String json) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .header("Content-Type", "application/json")
                        .method(
                                method,
                                json == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(r.statusCode() / 100 == 2, method + " " + path + ": " + r.statusCode() + " " + r.body());
        return r.body();
    }
}
