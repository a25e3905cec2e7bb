package dev.switchboard.spring.boot.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.spring.boot.SwitchboardGraphs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.Principal;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.userdetails.MapReactiveUserDetailsService;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * LangGraph's API served by a Spring WebFlux application (Reactor Netty) on its own port, behind
 * Spring Security's WebFlux filter chain (HTTP Basic), on the PostgreSQL that {@code
 * SWITCHBOARD_POSTGRES_URL} names, under the base path {@code /api} ({@code
 * spring.webflux.base-path}): the same drive by LangGraph's JS client as the Spring MVC
 * application's (an interrupt answered, ownership, a hang-up and a rejoin, a cancel on disconnect,
 * the store; its two parts read while the run goes on show the stream is not buffered).
 */
@SpringBootTest(
        classes = SwitchboardReactiveApplicationTest.App.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.main.web-application-type=reactive", "spring.webflux.base-path=/api"})
class SwitchboardReactiveApplicationTest {
    private static final TestSchema SCHEMA = new TestSchema();

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
        Hello hello() {
            return new Hello();
        }

        @Bean
        SecurityWebFilterChain security(ServerHttpSecurity http) {
            return http.authorizeExchange(a -> a.pathMatchers(HttpMethod.OPTIONS, "/**")
                            .permitAll()
                            .pathMatchers("/ok")
                            .permitAll()
                            .anyExchange()
                            .authenticated())
                    .httpBasic(Customizer.withDefaults())
                    .csrf(ServerHttpSecurity.CsrfSpec::disable)
                    .build();
        }

        @Bean
        MapReactiveUserDetailsService users() {
            return new MapReactiveUserDetailsService(
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

    @LocalServerPort
    int port;

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
    void aBrowsersPreflightReachesTheServerPastWebFluxAndItsSecurity() throws Exception {
        HttpResponse<String> preflight = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/threads/search"))
                                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                                .header("Origin", "http://localhost:3000")
                                .header("Access-Control-Request-Method", "POST")
                                .header("Access-Control-Request-Headers", "authorization,content-type")
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(204, preflight.statusCode(), preflight::body);
        assertEquals(List.of("http://localhost:3000"), preflight.headers().allValues("Access-Control-Allow-Origin"));
        assertTrue(preflight
                .headers()
                .firstValue("Access-Control-Expose-Headers")
                .orElse("")
                .contains("X-Pagination-Total"));
    }

    @Test
    void theJsClientDrivesTheApplicationsApi() throws Exception {
        JsSdk.driveApplication(
                "http://127.0.0.1:" + port + "/api",
                JsSdk.basic("alice", "alice-secret"),
                JsSdk.basic("bob", "bob-secret"));
    }
}
