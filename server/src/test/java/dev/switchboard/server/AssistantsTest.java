package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.server.fixtures.Greeter;
import dev.switchboard.server.fixtures.GreeterGraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Assistants as runs use them: an assistant's context reaches a graph that declares a context type
 * (under the request's, key by key), its configurable values reach the nodes, a context the type
 * cannot hold is a 422; assistants and their versions survive a restart (SQLite), and two servers
 * patching one assistant on PostgreSQL write distinct versions.
 */
class AssistantsTest {
    @TempDir
    Path tmp;

    private static ServerBuilder greeter() {
        return SwitchboardServer.builder()
                .graph("greeter", GreeterGraph.builder(new Greeter()))
                .port(0);
    }

    @Test
    void anAssistantsContextAndConfigReachTheGraphUnderTheRequests() throws Exception {
        try (SwitchboardServer server =
                greeter().database("jdbc:sqlite:" + tmp.resolve("a.db")).build().start()) {
            Api api = new Api(server.url(), null);
            String id = api.post(
                            "/assistants",
                            "{\"graph_id\":\"greeter\",\"context\":{\"user\":\"ana\",\"tenant\":\"acme\","
                                    + "\"greeting\":\"hi\"},\"config\":{\"configurable\":{\"style\":\"warm\"}}}")
                    .expect(200)
                    .json()
                    .get("assistant_id")
                    .asString();
            JsonNode out = api.post(
                            "/runs/wait",
                            "{\"assistant_id\":\"" + id + "\",\"input\":{\"trail\":[]},\"context\":{\"user\":\"bo\"}}")
                    .expect(200)
                    .json();
            assertEquals("[\"hi bo@acme\",\"warm\"]", out.get("trail").toString());
            JsonNode plain = api.post(
                            "/runs/wait",
                            "{\"assistant_id\":\"greeter\",\"input\":{\"trail\":[]},"
                                    + "\"context\":{\"user\":\"cy\",\"tenant\":\"t\",\"greeting\":\"yo\"}}")
                    .expect(200)
                    .json();
            assertEquals("[\"yo cy@t\",\"-\"]", plain.get("trail").toString());
            api.post(
                            "/runs/wait",
                            "{\"assistant_id\":\"" + id + "\",\"input\":{\"trail\":[]},\"context\":{\"user\":[1]}}")
                    .expect(422);
            api.post("/assistants", "{\"graph_id\":\"nope\"}").expect(404);
        }
    }

    @Test
    void assistantsAndTheirVersionsSurviveARestart() throws Exception {
        String url = "jdbc:sqlite:" + tmp.resolve("restart.db");
        String id;
        try (SwitchboardServer server = greeter().database(url).build().start()) {
            Api api = new Api(server.url(), null);
            id = api.post("/assistants", "{\"graph_id\":\"greeter\",\"name\":\"one\"}")
                    .expect(200)
                    .json()
                    .get("assistant_id")
                    .asString();
            api.patch("/assistants/" + id, "{\"name\":\"two\",\"metadata\":{\"k\":1}}")
                    .expect(200);
        }
        try (SwitchboardServer server = greeter().database(url).build().start()) {
            Api api = new Api(server.url(), null);
            JsonNode a = api.get("/assistants/" + id).expect(200).json();
            assertEquals("two", a.get("name").asString());
            assertEquals(2, a.get("version").asInt());
            JsonNode versions = api.post("/assistants/" + id + "/versions", "{}")
                    .expect(200)
                    .json();
            assertEquals(2, versions.size());
            assertEquals("one", versions.get(1).get("name").asString());
            assertEquals(
                    2,
                    api.post("/assistants/count", "{}").expect(200).json().asInt(),
                    "the system assistant is made once, not again at the restart");
        }
    }

    @Test
    void twoServersPatchingOneAssistantOnPostgresWriteDistinctVersions() throws Exception {
        try (TestPostgres pg = TestPostgres.schema();
                SwitchboardServer a = greeter().database(pg.url()).build().start();
                SwitchboardServer b = greeter().database(pg.url()).build().start()) {
            Api first = new Api(a.url(), null);
            Api second = new Api(b.url(), null);
            String id = first.post("/assistants", "{\"graph_id\":\"greeter\"}")
                    .expect(200)
                    .json()
                    .get("assistant_id")
                    .asString();
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<Integer>> versions = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    Api api = i % 2 == 0 ? first : second;
                    int n = i;
                    versions.add(pool.submit(() -> api.patch("/assistants/" + id, "{\"metadata\":{\"n\":" + n + "}}")
                            .expect(200)
                            .json()
                            .get("version")
                            .asInt()));
                }
                TreeSet<Integer> seen = new TreeSet<>();
                for (Future<Integer> v : versions) {
                    seen.add(v.get());
                }
                assertEquals(List.of(2, 3, 4, 5, 6, 7, 8, 9), List.copyOf(seen));
            } finally {
                pool.shutdownNow();
            }
            assertEquals(
                    9,
                    second.post("/assistants/" + id + "/versions", "{\"limit\":100}")
                            .expect(200)
                            .json()
                            .size());
        }
    }
}
