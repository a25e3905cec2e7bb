package dev.switchboard.spring.boot.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.RunListener;
import dev.switchboard.spring.boot.SwitchboardGraphs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.web.SecurityFilterChain;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two Spring Boot applications on one PostgreSQL schema, as a web JVM and a worker JVM would be
 * (here in one JVM; the samples' {@code ExpensesTwoJvmTest} starts real ones): the worker, made by
 * {@code switchboard.server.mode=worker} alone, has no web server and is kept alive, and it runs the
 * runs the web application received but had no room for.
 */
class SwitchboardWorkerModeTest {
    private static final TestSchema SCHEMA = new TestSchema();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        PipelineGraph pipeline(SwitchboardGraphs graphs) {
            return graphs.build(PipelineGraph.builder(new Pipeline()));
        }

        @Bean
        Seen seen() {
            return new Seen();
        }

        @Bean
        @ConditionalOnWebApplication
        SecurityFilterChain open(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(a -> a.anyRequest().permitAll())
                    .csrf(AbstractHttpConfigurer::disable)
                    .build();
        }
    }

    /** The threads whose runs this application ran. */
    static final class Seen implements RunListener {
        final List<String> threads = new CopyOnWriteArrayList<>();

        @Override
        public void runStarted(RunInfo run) {
            threads.add(run.threadId());
        }
    }

    @BeforeAll
    static void database() throws SQLException {
        SCHEMA.create();
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        SCHEMA.drop();
    }

    @Test
    void aWorkerServesNothingStaysAliveAndRunsWhatTheWebApplicationHadNoRoomFor() throws Exception {
        try (ConfigurableApplicationContext web = start("--server.port=0", "--switchboard.server.max-runs=1");
                ConfigurableApplicationContext worker = start("--switchboard.server.mode=worker")) {
            assertFalse(worker instanceof WebServerApplicationContext, "a worker starts no web server");
            assertEquals("true", worker.getEnvironment().getProperty("spring.main.keep-alive"));
            int port = assertInstanceOf(WebServerApplicationContext.class, web)
                    .getWebServer()
                    .getPort();

            HttpClient http = HttpClient.newHttpClient();
            List<String> threads = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                String thread = JSON.readTree(post(http, port, "/threads", "{}"))
                        .get("thread_id")
                        .asString();
                post(http, port, "/threads/" + thread + "/runs", "{\"assistant_id\":\"pipeline\",\"input\":{}}");
                threads.add(thread);
            }
            for (String thread : threads) {
                String result = get(http, port, "/threads/" + thread + "/runs");
                String run = JSON.readTree(result).get(0).get("run_id").asString();
                get(http, port, "/threads/" + thread + "/runs/" + run + "/join");
                assertEquals(
                        "[\"1\",\"2\",\"3\"]",
                        JSON.readTree(get(http, port, "/threads/" + thread + "/state"))
                                .get("values")
                                .get("steps")
                                .toString());
            }
            List<String> onWeb = web.getBean(Seen.class).threads;
            List<String> onWorker = worker.getBean(Seen.class).threads;
            assertFalse(onWorker.isEmpty(), "the worker ran none of " + threads);
            Set<String> all = new HashSet<>(onWeb);
            all.addAll(onWorker);
            assertEquals(Set.copyOf(threads), all);
            assertEquals(threads.size(), onWeb.size() + onWorker.size(), "each run ran once");
        }
    }

    @Test
    void aWorkerWithoutPostgresFailsNamingWhatToSet(@TempDir Path dir) {
        String sqlite = "--spring.datasource.url=jdbc:sqlite:" + dir.resolve("app.db");
        Exception e = assertThrows(
                Exception.class,
                () -> start("--switchboard.server.mode=worker", sqlite).close());
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        assertTrue(
                root.getMessage()
                        .contains("switchboard.server.mode=worker runs the runs of the shared PostgreSQL"
                                + " queue, but the server's database is SQLite"),
                root.getMessage());
    }

    private static ConfigurableApplicationContext start(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        if (all.stream().noneMatch(a -> a.startsWith("--spring.datasource.url="))) {
            all.add("--spring.datasource.url=" + SCHEMA.url());
        }
        return new SpringApplicationBuilder(App.class).run(all.toArray(String[]::new));
    }

    private static String post(HttpClient http, int port, String path, String json) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r::body);
        return r.body();
    }

    private static String get(HttpClient http, int port, String path) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r::body);
        return r.body();
    }
}
