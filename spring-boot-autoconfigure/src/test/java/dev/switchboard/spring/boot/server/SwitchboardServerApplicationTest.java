package dev.switchboard.spring.boot.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.RunListener;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.spring.boot.SwitchboardGraphs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * LangGraph's API served by a whole Spring Boot application on its own port (Tomcat, Spring MVC)
 * on the PostgreSQL that {@code SWITCHBOARD_POSTGRES_URL} names: behind Spring Security (HTTP
 * Basic; a caller without credentials is refused, the authenticated user owns its threads and
 * store namespace), with an application route beside it, on Boot's own DataSource (HikariCP), the
 * starter's saver, store and run listeners, and the graphs as beans, all under the context path
 * {@code /api} ({@code server.servlet.context-path}). Driven by LangGraph's JS client (streams, an
 * interrupt answered, a hang-up and a rejoin by last event id, a cancel on disconnect, the run's
 * {@code Content-Location} and {@code Location} resolved against the client's URL, Studio's calls)
 * and by plain HTTP.
 */
@SpringBootTest(
        classes = SwitchboardServerApplicationTest.App.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"switchboard.server.allow-origins=https://chat.example.com", "server.servlet.context-path=/api"})
class SwitchboardServerApplicationTest {
    private static final TestSchema SCHEMA = new TestSchema();
    private static final String ALICE = JsSdk.basic("alice", "alice-secret");
    private static final String BOB = JsSdk.basic("bob", "bob-secret");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        /**
         * Drops the test's schema when the context closes, after the server has stopped and handed
         * its runs back (a JUnit {@code @AfterAll} would run before Spring closes a cached context).
         */
        @Bean
        DisposableBean dropSchemaOnClose() {
            return SCHEMA::drop;
        }

        @Bean
        ReviewGraph review(SwitchboardGraphs graphs) {
            return graphs.build(ReviewGraph.builder(new Review()));
        }

        @Bean
        PipelineGraph pipeline(SwitchboardGraphs graphs) {
            return graphs.build(PipelineGraph.builder(new Pipeline()));
        }

        @Bean
        Runs runs() {
            return new Runs();
        }

        @Bean
        Hello hello() {
            return new Hello();
        }

        @Bean
        SecurityFilterChain security(HttpSecurity http) throws Exception {
            // a browser's CORS preflight carries no credentials: let it through, the server answers it
            return http.authorizeHttpRequests(a -> a.requestMatchers(HttpMethod.OPTIONS, "/**")
                            .permitAll()
                            .requestMatchers("/ok", "/studio/**")
                            .permitAll()
                            .anyRequest()
                            .authenticated())
                    .httpBasic(Customizer.withDefaults())
                    .csrf(AbstractHttpConfigurer::disable)
                    .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                    .build();
        }

        @Bean
        UserDetailsService users() {
            return new InMemoryUserDetailsManager(
                    User.withUsername("alice")
                            .password("{noop}alice-secret")
                            .roles("USER")
                            .build(),
                    User.withUsername("bob")
                            .password("{noop}bob-secret")
                            .roles("USER")
                            .build());
        }
    }

    /** The application's own route, beside the API. */
    @RestController
    static class Hello {
        @GetMapping("/hello")
        String hello(Principal who) {
            return "hello " + who.getName();
        }
    }

    /** A run listener bean: the starter adds it to the graphs, so it sees the served runs. */
    static final class Runs implements RunListener {
        final List<String> started = new CopyOnWriteArrayList<>();

        @Override
        public void runStarted(RunInfo run) {
            started.add(run.graph() + " " + run.threadId());
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Autowired
    CheckpointSaver saver;

    @Autowired
    Store store;

    @Autowired
    Runs runs;

    @Autowired
    PipelineGraph pipeline;

    @Autowired
    dev.switchboard.server.SwitchboardServer server;

    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void database() throws SQLException {
        SCHEMA.create();
    }

    @DynamicPropertySource
    static void datasource(DynamicPropertyRegistry registry) {
        String url = SCHEMA.url();
        if (url != null) {
            registry.add("spring.datasource.url", () -> url);
        }
    }

    @Test
    void springSecurityDecidesWhoCallsAndTheAuthenticatedUserOwnsTheThread() throws Exception {
        assertEquals(401, send("POST", "/threads", "{}", null).statusCode());
        assertEquals(
                401,
                send("POST", "/threads", "{}", JsSdk.basic("alice", "wrong")).statusCode());
        assertEquals(200, send("GET", "/ok", null, null).statusCode(), "an open route stays open");

        HttpResponse<String> created = send("POST", "/threads", "{}", ALICE);
        assertEquals(200, created.statusCode(), created::body);
        String thread = JSON.readTree(created.body()).get("thread_id").asString();
        assertEquals(200, send("GET", "/threads/" + thread, null, ALICE).statusCode());
        assertEquals(404, send("GET", "/threads/" + thread, null, BOB).statusCode());
        try (Connection c = dataSource.getConnection();
                PreparedStatement p =
                        c.prepareStatement("SELECT row_json FROM switchboard_server_threads WHERE thread_id = ?")) {
            p.setString(1, server.storedThreadId("alice", thread)); // alice's thread ids are hers
            try (ResultSet r = p.executeQuery()) {
                assertTrue(r.next(), "the thread's row is in the application's database");
                assertEquals("alice", JSON.readTree(r.getString(1)).get("owner").asString());
            }
        }
        HttpResponse<String> hello = send("GET", "/hello", null, BOB);
        assertEquals("hello bob", hello.body());

        // Studio's page and its Mermaid, from the application's port, where the app lets them through;
        // its bare address leads to the page under the context path
        HttpResponse<String> bare = send("GET", "/studio", null, null);
        assertEquals(308, bare.statusCode());
        assertEquals(
                URI.create(api() + "/studio/"),
                bare.uri().resolve(bare.headers().firstValue("Location").orElseThrow()));
        HttpResponse<String> studio = send("GET", "/studio/", null, null);
        assertEquals(200, studio.statusCode());
        assertTrue(studio.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertEquals(
                200, send("GET", "/studio/vendor/mermaid.min.js", null, null).statusCode());
    }

    @Test
    void browserPagesOfAllowedOriginsGetTheServersCorsAnswersThroughSpringSecurity() throws Exception {
        String page = "http://localhost:5173"; // a dev server on loopback: allowed by default
        HttpResponse<String> preflight = cors("OPTIONS", "/threads/search", page, null);
        assertEquals(204, preflight.statusCode(), preflight::body);
        assertEquals(
                page,
                preflight.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
        assertTrue(preflight
                .headers()
                .firstValue("Access-Control-Allow-Headers")
                .orElse("")
                .toLowerCase(Locale.ROOT)
                .contains("authorization"));
        assertEquals(
                1,
                preflight.headers().allValues("Access-Control-Allow-Origin").size(),
                "one value, the server's, not also Spring's");

        HttpResponse<String> search = cors("POST", "/threads/search", page, ALICE);
        assertEquals(200, search.statusCode(), search::body);
        assertEquals(
                page, search.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
        String exposed =
                search.headers().firstValue("Access-Control-Expose-Headers").orElse("");
        assertTrue(exposed.contains("X-Pagination-Total") && exposed.contains("Content-Location"), exposed);

        // a configured origin (switchboard.server.allow-origins) may; any other site may not
        HttpResponse<String> configured = cors("OPTIONS", "/threads/search", "https://chat.example.com", null);
        assertEquals(204, configured.statusCode());
        assertEquals(
                "https://chat.example.com",
                configured.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
        HttpResponse<String> other = cors("OPTIONS", "/threads/search", "https://evil.example", null);
        assertEquals(403, other.statusCode());
        assertTrue(other.headers().firstValue("Access-Control-Allow-Origin").isEmpty());
        assertEquals(
                403,
                cors("POST", "/threads/search", "https://evil.example", ALICE).statusCode());
    }

    /** A browser's request from a page of {@code origin}: a preflight (OPTIONS) or the call itself. */
    private HttpResponse<String> cors(String method, String path, String origin, String authorization)
            throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(api() + path))
                .timeout(Duration.ofSeconds(30))
                .header("Origin", origin);
        if (method.equals("OPTIONS")) {
            r.method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                    .header("Access-Control-Request-Method", "POST")
                    .header("Access-Control-Request-Headers", "authorization,content-type");
        } else {
            r.method(method, HttpRequest.BodyPublishers.ofString("{}"))
                    .header("Content-Type", "application/json")
                    .header("Authorization", authorization);
        }
        return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void runsUseTheStartersSaverStoreAndListeners() throws Exception {
        JdbcSaver jdbc = assertInstanceOf(JdbcSaver.class, saver);
        assertTrue(jdbc.database().startsWith("PostgreSQL"), jdbc.database());
        String thread = JSON.readTree(send("POST", "/threads", "{}", ALICE).body())
                .get("thread_id")
                .asString();
        HttpResponse<String> waited = send(
                "POST",
                "/threads/" + thread + "/runs/wait",
                "{\"assistant_id\":\"pipeline\",\"input\":{\"steps\":[\"go\"]}}",
                ALICE);
        assertEquals(200, waited.statusCode(), waited::body);
        assertEquals(
                "[\"go\",\"1\",\"2\",\"3\"]",
                JSON.readTree(waited.body()).get("steps").toString());
        // in-process code names the thread as stored: alice's ids are scoped to her
        String stored = server.storedThreadId("alice", thread);
        assertTrue(runs.started.contains("Pipeline " + stored), () -> "listener saw " + runs.started);
        // the graph bean reads the thread the server ran: one saver for both
        assertEquals(
                List.of("go", "1", "2", "3"),
                pipeline.getState(RunConfig.thread(stored)).values().steps());

        HttpResponse<String> put = send(
                "PUT",
                "/store/items",
                "{\"namespace\":[\"alice\",\"notes\"],\"key\":\"k\",\"value\":{\"n\":1}}",
                ALICE);
        assertEquals(204, put.statusCode(), put::body);
        assertEquals(
                Map.of("n", 1),
                store.get(Namespace.of("alice", "notes"), "k").orElseThrow().value());
    }

    @Test
    void theJsClientDrivesTheApplicationsApi() throws Exception {
        JsSdk.driveApplication(api(), ALICE, BOB);
    }

    /** The API's URL: the application's, under its context path. */
    private String api() {
        return "http://127.0.0.1:" + port + "/api";
    }

    private HttpResponse<String> send(String method, String path, String json, String authorization) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(api() + path))
                .timeout(Duration.ofSeconds(30))
                .method(
                        method,
                        json == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (json != null) {
            r.header("Content-Type", "application/json");
        }
        if (authorization != null) {
            r.header("Authorization", authorization);
        }
        return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }
}
