package dev.switchboard.samples.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts the Spring Boot sample on a free port with its own SQLite file and talks HTTP to it. */
class SupportDeskApplicationTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void eachConversationIsAThreadThatSurvivesARestart() throws Exception {
        String database = "--spring.datasource.url=jdbc:sqlite:" + dir.resolve("desk.db");
        try (ConfigurableApplicationContext app =
                SpringApplication.run(SupportDeskApplication.class, "--server.port=0", database)) {
            String base = "http://localhost:" + app.getEnvironment().getProperty("local.server.port");

            HttpResponse<String> first = post(base + "/conversations/c1/messages", "{\"text\":\"I want a refund\"}");
            assertEquals(200, first.statusCode(), first.body());
            assertTrue(first.body().contains("\"topic\":\"billing\""), first.body());
            assertTrue(first.body().contains("\"turns\":2"), first.body());

            HttpResponse<String> other = post(base + "/conversations/c2/messages", "{\"text\":\"hello\"}");
            assertTrue(other.body().contains("\"topic\":\"general\""), other.body());

            assertEquals(
                    400,
                    post(base + "/conversations/c1/messages", "{\"text\":\" \"}")
                            .statusCode());
            assertEquals(404, get(base + "/conversations/nobody").statusCode());
        }
        // A new application on the same database continues conversation c1 where it was.
        try (ConfigurableApplicationContext app =
                SpringApplication.run(SupportDeskApplication.class, "--server.port=0", database)) {
            String base = "http://localhost:" + app.getEnvironment().getProperty("local.server.port");
            HttpResponse<String> again =
                    post(base + "/conversations/c1/messages", "{\"text\":\"where is my invoice\"}");
            assertTrue(again.body().contains("\"turns\":4"), again.body());
            HttpResponse<String> state = get(base + "/conversations/c1");
            assertEquals(200, state.statusCode());
            assertTrue(
                    state.body().startsWith("{\"conversation\":\"c1\",\"messages\":[\"I want a refund\""),
                    state.body());
        }
    }

    private HttpResponse<String> post(String url, String json) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
