package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.store.Embedder;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.IndexConfig;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.StoreSettings;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.fixtures.Recall;
import dev.switchboard.server.fixtures.RecallGraph;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The {@code /store} endpoints: LangGraph's shapes and codes, the default store, auth scoping. */
class StoreApiTest {
    private static final Map<String, String> USERS = Map.of("token-alice", "alice", "token-bob", "bob");

    private static SwitchboardServer start(ServerBuilder b) throws Exception {
        return b.graph("recall", RecallGraph.builder(new Recall()))
                .port(0)
                .build()
                .start();
    }

    private static String put(String ns, String key, String value) {
        return "{\"namespace\":" + ns + ",\"key\":\"" + key + "\",\"value\":" + value + "}";
    }

    @Test
    void itemsArePutReadSearchedListedAndDeletedInLangGraphsShapes() throws Exception {
        try (SwitchboardServer server = start(ConformanceGraphs.server(new MemorySaver()))) {
            Api api = new Api(server.url(), null);
            api.put("/store/items", put("[\"users\",\"u1\",\"prefs\"]", "color", "{\"v\":\"blue\",\"n\":1}"))
                    .expect(204);
            api.put("/store/items", put("[\"users\",\"u1\",\"facts\"]", "f1", "{\"v\":\"cat\",\"n\":5}"))
                    .expect(204);
            api.put("/store/items", put("[\"users\",\"u2\",\"prefs\"]", "color", "{\"v\":\"red\",\"n\":3}"))
                    .expect(204);

            JsonNode first = api.get("/store/items?namespace=users.u1.prefs&key=color")
                    .expect(200)
                    .json();
            assertEquals("[\"users\",\"u1\",\"prefs\"]", first.get("namespace").toString());
            assertEquals("color", first.get("key").asString());
            assertEquals("{\"v\":\"blue\",\"n\":1}", first.get("value").toString());
            assertFalse(first.has("score"), "a read has no score");
            Instant created = Instant.parse(first.get("created_at").asString());
            assertEquals(created, Instant.parse(first.get("updated_at").asString()));

            Thread.sleep(5);
            api.put("/store/items", put("[\"users\",\"u1\",\"prefs\"]", "color", "{\"v\":\"green\"}"))
                    .expect(204);
            JsonNode again = api.get("/store/items?namespace=users.u1.prefs&key=color")
                    .expect(200)
                    .json();
            assertEquals("{\"v\":\"green\"}", again.get("value").toString());
            assertEquals(created, Instant.parse(again.get("created_at").asString()), "a re-put keeps created_at");
            assertNotEquals(again.get("created_at"), again.get("updated_at"));

            JsonNode found = api.post(
                            "/store/items/search",
                            "{\"namespace_prefix\":[\"users\"],\"filter\":{\"n\":{\"$gte\":3}},\"limit\":10}")
                    .expect(200)
                    .json();
            assertEquals(List.of("u1/f1", "u2/color"), keys(found.get("items")));

            JsonNode paged = api.post("/store/items/search", "{\"namespace_prefix\":[],\"limit\":1,\"offset\":1}")
                    .expect(200)
                    .json();
            assertEquals(1, paged.get("items").size());

            assertEquals(
                    "{\"namespaces\":[[\"users\",\"u1\",\"prefs\"],[\"users\",\"u2\",\"prefs\"]]}",
                    api.post("/store/namespaces", "{\"suffix\":[\"prefs\"]}")
                            .expect(200)
                            .text());
            assertEquals(
                    "{\"namespaces\":[[\"users\",\"u1\"],[\"users\",\"u2\"]]}",
                    api.post("/store/namespaces", "{\"prefix\":[\"users\"],\"max_depth\":2}")
                            .expect(200)
                            .text());

            api.delete("/store/items", "{\"namespace\":[\"users\",\"u1\",\"prefs\"],\"key\":\"color\"}")
                    .expect(204);
            assertEquals(
                    "null",
                    api.get("/store/items?namespace=users.u1.prefs&key=color")
                            .expect(200)
                            .text());
        }
    }

    private static List<String> keys(JsonNode items) {
        return StreamSupport.stream(items.spliterator(), false)
                .map(i -> i.get("namespace").get(1).asString() + "/"
                        + i.get("key").asString())
                .toList();
    }

    @Test
    void badInputGetsLangGraphsStatusAndAMessageNamingTheProblem() throws Exception {
        try (SwitchboardServer server = start(ConformanceGraphs.server(new MemorySaver()))) {
            Api api = new Api(server.url(), null);
            assertEquals(
                    "Namespace is required",
                    api.put("/store/items", put("[]", "k", "{}")).expect(400).text());
            assertEquals(
                    "Namespace labels cannot be empty or contain periods. Received: a.b.c",
                    api.put("/store/items", put("[\"a.b\",\"c\"]", "k", "{}"))
                            .expect(422)
                            .text());
            JsonNode notObject = api.put("/store/items", put("[\"a\"]", "k", "[1]"))
                    .expect(400)
                    .json();
            assertEquals("value", notObject.at("/error/issues/0/path/0").asString());
            assertEquals(
                    "namespace",
                    api.put("/store/items", "{\"namespace\":\"a\",\"key\":\"k\",\"value\":{}}")
                            .expect(400)
                            .json()
                            .at("/error/issues/0/path/0")
                            .asString());
            assertTrue(api.put("/store/items", put("[\"langgraph\"]", "k", "{}"))
                    .expect(422)
                    .text()
                    .contains("cannot be \"langgraph\""));
            assertTrue(api.put("/store/items", "{\"namespace\":[\"a\"],\"key\":\"k\",\"value\":{},\"ttl\":0}")
                    .expect(422)
                    .text()
                    .contains("ttl must be positive"));
            assertTrue(
                    api.post("/store/items/search", "{\"namespace_prefix\":[\"a\"],\"filter\":{\"n\":{\"$near\":1}}}")
                            .expect(422)
                            .text()
                            .contains("unknown operator '$near'"));
            assertEquals(
                    "limit must not be negative, was -1",
                    api.post("/store/items/search", "{\"namespace_prefix\":[],\"limit\":-1}")
                            .expect(422)
                            .text());
            assertEquals(
                    "limit",
                    api.post("/store/namespaces", "{\"limit\":\"ten\"}")
                            .expect(400)
                            .json()
                            .at("/error/issues/0/path/0")
                            .asString());
            assertEquals(
                    "maxDepth must be at least 1, was 0",
                    api.post("/store/namespaces", "{\"max_depth\":0}")
                            .expect(422)
                            .text());
            api.get("/store/items?namespace=a").expect(400);
            api.get("/store/items?key=k").expect(400);
        }
    }

    @Test
    void semanticSearchResultsCarryTheirScore() throws Exception {
        Embedder letters = texts -> texts.stream()
                .map(t -> new float[] {t.contains("cat") ? 1 : 0, t.contains("dog") ? 1 : 0})
                .toList();
        InMemoryStore store = new InMemoryStore(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(2, letters, "text")));
        try (SwitchboardServer server =
                start(ConformanceGraphs.server(new MemorySaver()).store(store))) {
            Api api = new Api(server.url(), null);
            api.put("/store/items", put("[\"docs\"]", "d1", "{\"text\":\"a dog\"}"))
                    .expect(204);
            api.put("/store/items", put("[\"docs\"]", "d2", "{\"text\":\"a cat\"}"))
                    .expect(204);
            api.put(
                            "/store/items",
                            "{\"namespace\":[\"docs\"],\"key\":\"d3\",\"value\":{\"text\":\"cat\"},\"index\":false}")
                    .expect(204);
            JsonNode items = api.post("/store/items/search", "{\"namespace_prefix\":[\"docs\"],\"query\":\"cat\"}")
                    .expect(200)
                    .json()
                    .get("items");
            assertEquals(List.of("d2", "d1", "d3"), items.findValuesAsString("key"));
            assertEquals(1.0, items.get(0).get("score").asDouble(), 1e-6);
            assertEquals(0.0, items.get(1).get("score").asDouble(), 1e-6);
            assertFalse(items.get(2).has("score"), "an item put with index=false has no vector, so no score");
        } finally {
            store.close();
        }
        assertTrue(store.get(Namespace.of("docs"), "d1").isPresent(), "the server leaves a given store open");
    }

    @Test
    void theDefaultStoreLivesInTheServersDatabaseAndNodesShareIt(@TempDir Path tmp) throws Exception {
        String db = "jdbc:sqlite:" + tmp.resolve("server.db");
        try (SwitchboardServer server = start(ConformanceGraphs.graphs().database(db))) {
            Api api = new Api(server.url(), null);
            api.put("/store/items", put("[\"notes\"]", "n1", "{\"text\":\"milk\"}"))
                    .expect(204);
            String tid = api.newThread();
            JsonNode out = api.post("/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"recall\",\"input\":{}}")
                    .expect(200)
                    .json();
            assertEquals("[\"milk\"]", out.get("trail").toString());
        }
        try (SwitchboardServer again = start(ConformanceGraphs.graphs().database(db))) {
            Api api = new Api(again.url(), null);
            assertEquals(
                    "{\"by\":\"recall\"}",
                    api.get("/store/items?namespace=notes&key=seen")
                            .expect(200)
                            .json()
                            .get("value")
                            .toString(),
                    "what the node put survives a restart on the same database");
        }
    }

    @Test
    void withAnAuthenticatorEachIdentityReachesOnlyNamespacesUnderItsName() throws Exception {
        try (SwitchboardServer server = start(ConformanceGraphs.server(new MemorySaver())
                .authenticator(token -> Optional.ofNullable(USERS.get(token))))) {
            Api alice = new Api(server.url(), "token-alice");
            Api bob = alice.as("token-bob");
            alice.as(null).post("/store/namespaces", "{}").expect(401);
            alice.put("/store/items", put("[\"alice\",\"prefs\"]", "color", "{\"v\":\"blue\"}"))
                    .expect(204);
            bob.put("/store/items", put("[\"bob\",\"prefs\"]", "color", "{\"v\":\"red\"}"))
                    .expect(204);

            bob.get("/store/items?namespace=alice.prefs&key=color").expect(404);
            assertTrue(bob.put("/store/items", put("[\"alice\",\"prefs\"]", "color", "{\"v\":\"x\"}"))
                    .expect(403)
                    .text()
                    .contains("start with the caller's identity (\"bob\")"));
            bob.delete("/store/items", "{\"namespace\":[\"alice\",\"prefs\"],\"key\":\"color\"}")
                    .expect(403);
            bob.post("/store/items/search", "{\"namespace_prefix\":[\"alice\"]}")
                    .expect(403);
            bob.post("/store/namespaces", "{\"prefix\":[\"alice\"]}").expect(403);

            assertEquals(
                    List.of("red"),
                    bob.post("/store/items/search", "{\"namespace_prefix\":[]}")
                            .expect(200)
                            .json()
                            .findValuesAsString("v"));
            assertEquals(
                    "{\"namespaces\":[[\"alice\",\"prefs\"]]}",
                    alice.post("/store/namespaces", "{}").expect(200).text());
            assertEquals(
                    "{\"v\":\"blue\"}",
                    alice.get("/store/items?namespace=alice.prefs&key=color")
                            .expect(200)
                            .json()
                            .get("value")
                            .toString());
        }
    }
}
