package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.api.AccessGate;
import dev.switchboard.server.auth.Action;
import dev.switchboard.server.auth.Authorization;
import dev.switchboard.server.auth.Decision;
import dev.switchboard.server.auth.Resource;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Authorization handlers as a second tenant sees them: every route of the server (listed from its
 * router, so a new route fails here until it is classified, in the gate and below) is called by
 * bob (tenant globex) on the rows of alice (tenant acme); none answers alice's data, rows answer
 * 404 (never a 403 that tells they exist), searches and counts leave them out. In memory and on
 * PostgreSQL, where searches and counts apply the filter in SQL.
 */
class AuthorizationRoutesTest {
    private static final Map<String, String> USERS =
            Map.of("token-alice", "alice", "token-bob", "bob", "token-carol", "carol", "token-dave", "dave");
    private static final Map<String, String> ORGS =
            Map.of("alice", "acme", "carol", "acme", "bob", "globex", "dave", "globex");
    private static final String SECRET = "alice-secret-7f3a";

    /** What bob may get from a route called on alice's rows. */
    private enum Expect {
        /** The row does not exist for bob: the very answer a row that does not exist gets. */
        HIDDEN,
        /** bob acts on his own (a create, a search): a success showing none of alice's rows. */
        OWN,
        /** The store refuses another identity's namespace (403, as before handlers). */
        NOT_YOURS,
        /** A route of no rows (info, MCP): any answer but a 5xx, showing none of alice's rows. */
        ANY
    }

    private static final Map<String, Expect> EXPECTED = new LinkedHashMap<>();

    static {
        for (String r :
                List.of("GET /ok", "GET /info", "POST /mcp", "GET /mcp", "DELETE /mcp", "GET /ui/{graph_id}/{file}")) {
            EXPECTED.put(r, Expect.ANY);
        }
        for (String r : List.of(
                "POST /assistants",
                "POST /assistants/search",
                "POST /assistants/count",
                "POST /threads",
                "POST /threads/search",
                "POST /threads/count",
                "POST /threads/prune",
                "POST /runs",
                "POST /runs/wait",
                "POST /runs/stream",
                "POST /runs/batch",
                "POST /runs/crons/search",
                "POST /runs/crons/count")) {
            EXPECTED.put(r, Expect.OWN);
        }
        for (String r : List.of("PUT /store/items", "GET /store/items", "DELETE /store/items")) {
            EXPECTED.put(r, Expect.NOT_YOURS);
        }
        for (String r : List.of("POST /store/items/search", "POST /store/namespaces")) {
            EXPECTED.put(r, Expect.NOT_YOURS);
        }
        for (String r : List.of(
                "POST /a2a/{assistant_id}",
                "GET /.well-known/agent-card.json",
                "GET /assistants/{assistant_id}",
                "GET /assistants/{assistant_id}/graph",
                "GET /assistants/{assistant_id}/schemas",
                "GET /assistants/{assistant_id}/subgraphs",
                "GET /assistants/{assistant_id}/subgraphs/{namespace}",
                "POST /assistants/{assistant_id}/versions",
                "PATCH /assistants/{assistant_id}",
                "POST /assistants/{assistant_id}/latest",
                "DELETE /assistants/{assistant_id}",
                "POST /ui/{assistant_id}",
                "GET /threads/{thread_id}",
                "PATCH /threads/{thread_id}",
                "DELETE /threads/{thread_id}",
                "POST /threads/{thread_id}/copy",
                "GET /threads/{thread_id}/state",
                "GET /threads/{thread_id}/state/{checkpoint_id}",
                "POST /threads/{thread_id}/state",
                "POST /threads/{thread_id}/state/checkpoint",
                "GET /threads/{thread_id}/history",
                "POST /threads/{thread_id}/history",
                "GET /threads/{thread_id}/storage",
                "POST /threads/{thread_id}/commands",
                "POST /threads/{thread_id}/stream/events",
                "GET /threads/{thread_id}/stream/events",
                "GET /threads/{thread_id}/stream",
                "POST /threads/{thread_id}/runs",
                "POST /threads/{thread_id}/runs/wait",
                "POST /threads/{thread_id}/runs/stream",
                "GET /threads/{thread_id}/runs",
                "GET /threads/{thread_id}/runs/{run_id}",
                "DELETE /threads/{thread_id}/runs/{run_id}",
                "GET /threads/{thread_id}/runs/{run_id}/join",
                "GET /threads/{thread_id}/runs/{run_id}/stream",
                "POST /threads/{thread_id}/runs/{run_id}/cancel",
                "GET /runs/{run_id}/stream",
                "POST /runs/cancel",
                "POST /runs/crons",
                "POST /threads/{thread_id}/runs/crons",
                "PATCH /runs/crons/{cron_id}",
                "DELETE /runs/crons/{cron_id}")) {
            EXPECTED.put(r, Expect.HIDDEN);
        }
    }

    /** Tenancy by organisation: every resource is narrowed to the caller's; the store allowed; dave may not create threads. */
    static Authorization tenancy() {
        return Authorization.builder()
                .onAny(r -> Decision.filter(Map.of("org", ORGS.get(r.user()))))
                .on(Resource.STORE, r -> Decision.allow())
                .on(
                        Resource.THREADS,
                        Action.CREATE,
                        r -> r.user().equals("dave")
                                ? Decision.deny()
                                : Decision.filter(Map.of("org", ORGS.get(r.user()))))
                .build();
    }

    static ServerBuilder secured(ServerBuilder b) {
        return b.authenticator(token -> Optional.ofNullable(USERS.get(token)))
                .authorization(tenancy())
                .port(0);
    }

    @Test
    void everyRouteIsClassified() {
        try (SwitchboardServer server =
                secured(ConformanceGraphs.server(new MemorySaver())).build()) {
            List<String> missing = new ArrayList<>();
            for (String route : server.routes()) {
                if (!AccessGate.classified(route) || !EXPECTED.containsKey(route)) {
                    missing.add(route);
                }
            }
            assertEquals(List.of(), missing, "routes no authorization rule (AccessGate) or no test expectation covers");
        }
    }

    @Test
    void asAnotherTenantInMemory() throws Exception {
        try (SwitchboardServer server =
                secured(ConformanceGraphs.server(new MemorySaver())).build().start()) {
            sweep(server);
        }
    }

    @Test
    void asAnotherTenantOnPostgres() throws Exception {
        try (TestPostgres db = TestPostgres.schema();
                SwitchboardServer server = secured(ConformanceGraphs.graphs().database(db.url()))
                        .build()
                        .start()) {
            sweep(server);
        }
    }

    /**
     * A filter narrows a caller's own threads too, applied by PostgreSQL: older public threads are
     * found past newer hidden ones, the page and the total are the filtered ones.
     */
    @Test
    void aFilterNarrowsSearchesAndCountsInTheDatabase() throws Exception {
        Authorization publicOnly = Authorization.builder()
                .on(Resource.THREADS, r -> Decision.filter(Map.of("level", "public")))
                .on(Resource.THREADS, Action.CREATE, r -> Decision.allow()) // created as asked, not stamped
                .build();
        try (TestPostgres db = TestPostgres.schema();
                SwitchboardServer server = ConformanceGraphs.graphs()
                        .database(db.url())
                        .authenticator(token -> Optional.ofNullable(USERS.get(token)))
                        .authorization(publicOnly)
                        .port(0)
                        .build()
                        .start()) {
            Api alice = new Api(server.url(), "token-alice");
            String open = alice.post("/threads", "{\"metadata\":{\"level\":\"public\"}}")
                    .expect(200)
                    .json()
                    .get("thread_id")
                    .asString();
            List<String> hidden = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                hidden.add(alice.post("/threads", "{\"metadata\":{\"level\":\"secret\"}}")
                        .expect(200)
                        .json()
                        .get("thread_id")
                        .asString());
            }
            JsonNode page =
                    alice.post("/threads/search", "{\"limit\":1}").expect(200).json();
            assertEquals(1, page.size(), page::toString);
            assertEquals(open, page.get(0).get("thread_id").asString());
            assertEquals(
                    1, alice.post("/threads/count", "{}").expect(200).json().asInt());
            assertEquals(
                    0,
                    alice.post("/threads/count", "{\"metadata\":{\"level\":\"secret\"}}")
                            .expect(200)
                            .json()
                            .asInt());
            alice.get("/threads/" + hidden.get(0)).expect(404);
            alice.patch("/threads/" + hidden.get(0), "{\"metadata\":{\"level\":\"public\"}}")
                    .expect(404);
            alice.delete("/threads/" + hidden.get(0)).expect(404);
            // a patch cannot move a thread out of the caller's filter: its keys are written back
            JsonNode patched = alice.patch("/threads/" + open, "{\"metadata\":{\"level\":\"secret\"}}")
                    .expect(200)
                    .json();
            assertEquals("public", patched.path("metadata").path("level").asString(), patched::toString);
        }
    }

    /**
     * A thread a run makes (a kept stateless run's, {@code if_not_exists: "create"}, a protocol
     * {@code run.start} on a new id) is stamped as an explicit create is, so its tenant finds it
     * under the filter; another tenant of the same organisation does not reach it (owner-private).
     */
    @Test
    void threadsARunMakesAreStampedAsCreatedOnes(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        try (SwitchboardServer server = secured(
                        ConformanceGraphs.graphs().database("jdbc:sqlite:" + tmp.resolve("s.db")))
                .build()
                .start()) {
            Api alice = new Api(server.url(), "token-alice");
            alice.post("/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[]},\"on_completion\":\"keep\"}")
                    .expect(200);
            String created = java.util.UUID.randomUUID().toString();
            alice.post(
                            "/threads/" + created + "/runs/wait",
                            "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[]},\"if_not_exists\":\"create\"}")
                    .expect(200);
            String started = java.util.UUID.randomUUID().toString();
            alice.post(
                            "/threads/" + started + "/commands",
                            "{\"id\":1,\"method\":\"run.start\",\"params\":{\"assistant_id\":\"chain\",\"input\":{\"trail\":[]}}}")
                    .expect(200);
            JsonNode found = alice.post("/threads/search", "{}").expect(200).json();
            assertEquals(3, found.size(), found::toString);
            for (JsonNode t : found) {
                assertEquals("acme", t.path("metadata").path("org").asString(), t::toString);
            }
            assertEquals(
                    "acme",
                    alice.get("/threads/" + created)
                            .expect(200)
                            .json()
                            .path("metadata")
                            .path("org")
                            .asString());
            alice.get("/threads/" + started).expect(200);
            alice.as("token-carol").get("/threads/" + started).expect(404);
            // a caller the handler refuses thread creation makes none through a run either
            alice.as("token-dave")
                    .post(
                            "/threads/" + created + "/runs/wait",
                            "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[]},\"if_not_exists\":\"create\"}")
                    .expect(403);
        }
    }

    /**
     * LangGraph's {@code $contains}: a thread is the caller's to read when its {@code labels} list
     * holds {@code "x"}, in SQL on PostgreSQL and in memory on SQLite, pages and totals filtered; an
     * assistant is shared with the identities its {@code members} list holds, the creator added.
     */
    @Test
    void aContainsFilterHoldsOnListsInTheDatabaseAndInMemory(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        Authorization lists = Authorization.builder()
                .on(Resource.THREADS, r -> Decision.filter(Map.of(), Map.of("labels", "x")))
                .on(Resource.THREADS, Action.CREATE, r -> Decision.allow()) // created as asked
                .on(Resource.ASSISTANTS, r -> Decision.filter(Map.of(), Map.of("members", r.user())))
                .build();
        try (TestPostgres db = TestPostgres.schema()) {
            for (String url : List.of(db.url(), "jdbc:sqlite:" + tmp.resolve("c.db"))) {
                try (SwitchboardServer server = ConformanceGraphs.graphs()
                        .database(url)
                        .authenticator(token -> Optional.ofNullable(USERS.get(token)))
                        .authorization(lists)
                        .port(0)
                        .build()
                        .start()) {
                    Api alice = new Api(server.url(), "token-alice");
                    String held = alice.post("/threads", "{\"metadata\":{\"labels\":[\"y\",\"x\"]}}")
                            .expect(200)
                            .json()
                            .get("thread_id")
                            .asString();
                    String other = alice.post("/threads", "{\"metadata\":{\"labels\":[\"y\"]}}")
                            .expect(200)
                            .json()
                            .get("thread_id")
                            .asString();
                    alice.post("/threads", "{\"metadata\":{\"labels\":\"x\"}}").expect(200); // not a list
                    JsonNode page = alice.post("/threads/search", "{\"limit\":1}")
                            .expect(200)
                            .json();
                    assertEquals(1, page.size(), url + " " + page);
                    assertEquals(held, page.get(0).get("thread_id").asString(), url);
                    assertEquals(
                            1,
                            alice.post("/threads/count", "{}")
                                    .expect(200)
                                    .json()
                                    .asInt(),
                            url);
                    assertEquals(
                            0,
                            alice.post("/threads/count", "{\"metadata\":{\"labels\":[\"y\"]}}")
                                    .expect(200)
                                    .json()
                                    .asInt(),
                            url);
                    alice.get("/threads/" + other).expect(404);
                    alice.get("/threads/" + held).expect(200);

                    JsonNode a = alice.post(
                                    "/assistants", "{\"graph_id\":\"chain\",\"metadata\":{\"members\":[\"carol\"]}}")
                            .expect(200)
                            .json();
                    assertEquals(
                            "[\"carol\",\"alice\"]",
                            a.path("metadata").path("members").toString(),
                            url);
                    String id = a.get("assistant_id").asString();
                    alice.as("token-carol").get("/assistants/" + id).expect(200);
                    alice.as("token-bob").get("/assistants/" + id).expect(404);
                    assertEquals(
                            0,
                            alice.as("token-bob")
                                    .post("/assistants/count", "{}")
                                    .expect(200)
                                    .json()
                                    .asInt(),
                            url);
                    assertEquals(
                            1,
                            alice.as("token-carol")
                                    .post("/assistants/search", "{}")
                                    .expect(200)
                                    .json()
                                    .size(),
                            url);
                }
            }
        }
    }

    private static void sweep(SwitchboardServer server) throws Exception {
        Api alice = new Api(server.url(), "token-alice");
        Api bob = alice.as("token-bob");
        Map<String, String> ids = aliceRows(alice);
        Map<String, String> ghosts = new LinkedHashMap<>();
        ids.keySet().forEach(k -> ghosts.put(k, java.util.UUID.randomUUID().toString()));
        List<String> failures = new ArrayList<>();
        List<String> routes = new ArrayList<>(server.routes());
        routes.sort(java.util.Comparator.comparing(r -> r.startsWith("DELETE "))); // alice's rows last
        for (String route : routes) {
            Expect expect = EXPECTED.get(route);
            String method = route.substring(0, route.indexOf(' '));
            String path = fill(route.substring(route.indexOf(' ') + 1), ids);
            // a protocol event stream may be opened before its thread exists, and then stays open:
            // its status and headers are compared (another tenant's thread opens one just the same)
            boolean streamFirst = route.endsWith(" /threads/{thread_id}/stream/events");
            Api.Reply r = streamFirst
                    ? bob.opening(method, path, method.equals("GET") ? null : body(route, ids))
                    : send(bob, method, path, body(route, ids));
            String ghostPath = fill(route.substring(route.indexOf(' ') + 1), ghosts);
            Api.Reply ghost = expect != Expect.HIDDEN
                    ? r
                    : streamFirst
                            ? bob.opening(method, ghostPath, method.equals("GET") ? null : body(route, ghosts))
                            : send(bob, method, ghostPath, body(route, ghosts));
            boolean fine = switch (expect) {
                case HIDDEN ->
                    r.status() == ghost.status()
                            && r.contentType().equals(ghost.contentType())
                            && without(r.text(), ids).equals(without(ghost.text(), ghosts));
                case OWN -> r.status() < 300;
                case NOT_YOURS -> r.status() == 403 || r.status() == 404;
                case ANY -> r.status() < 500;
            };
            if (!fine) {
                failures.add(route + " -> " + r.status() + " " + shorten(r.text()) + " (a missing row: "
                        + ghost.status() + " " + shorten(ghost.text()) + ")");
            }
            if (r.text().contains(SECRET) || r.text().contains("acme")) {
                failures.add(route + " -> alice's data: " + shorten(r.text()));
            }
        }
        assertEquals(List.of(), failures);
        // alice's rows are all still there, and hers: bob changed, cancelled and deleted nothing
        assertEquals(1, alice.post("/threads/count", "{}").expect(200).json().asInt());
        assertTrue(
                alice.get("/threads/" + ids.get("thread_id")).expect(200).text().contains(SECRET));
        assertTrue(alice.get("/assistants/" + ids.get("assistant_id"))
                .expect(200)
                .text()
                .contains(SECRET));
        assertEquals(1, alice.post("/runs/crons/count", "{}").expect(200).json().asInt());
        // bob's searches and counts never hold alice's rows, however he asks
        for (String s : List.of("/assistants/search", "/threads/search", "/runs/crons/search")) {
            for (String body : List.of("{}", "{\"metadata\":{\"org\":\"acme\"}}", "{\"limit\":1000}")) {
                JsonNode found = bob.post(s, body).expect(200).json();
                assertFalse(found.toString().contains(SECRET), s + " " + body + ": " + found);
            }
        }
        assertEquals(
                0,
                bob.post("/assistants/count", "{\"metadata\":{\"org\":\"acme\"}}")
                        .expect(200)
                        .json()
                        .asInt());
        int bobs = bob.post("/assistants/search", "{\"limit\":1000}")
                .expect(200)
                .json()
                .size();
        assertEquals(
                bobs, bob.post("/assistants/count", "{}").expect(200).json().asInt());
        // carol shares alice's organisation: she reads alice's assistant, not her (owner-private) thread
        Api carol = alice.as("token-carol");
        assertTrue(carol.get("/assistants/" + ids.get("assistant_id"))
                .expect(200)
                .text()
                .contains(SECRET));
        carol.get("/threads/" + ids.get("thread_id")).expect(404);
        // a handler's denial is LangGraph's 403
        Api.Reply denied = alice.as("token-dave").post("/threads", "{}").expect(403);
        assertEquals("Forbidden", denied.text());
    }

    /** alice's assistant, thread, run, cron and store item, each carrying the secret. */
    private static Map<String, String> aliceRows(Api alice) throws Exception {
        Map<String, String> ids = new LinkedHashMap<>();
        JsonNode a = alice.post(
                        "/assistants",
                        "{\"graph_id\":\"chain\",\"name\":\"" + SECRET + "\",\"metadata\":{\"note\":\"" + SECRET
                                + "\"}}")
                .expect(200)
                .json();
        assertEquals("acme", a.path("metadata").path("org").asString(), a::toString); // stamped
        ids.put("assistant_id", a.get("assistant_id").asString());
        JsonNode t = alice.post("/threads", "{\"metadata\":{\"note\":\"" + SECRET + "\"}}")
                .expect(200)
                .json();
        assertEquals("acme", t.path("metadata").path("org").asString(), t::toString);
        String tid = t.get("thread_id").asString();
        ids.put("thread_id", tid);
        String run = alice.post(
                        "/threads/" + tid + "/runs",
                        "{\"assistant_id\":\"" + ids.get("assistant_id") + "\",\"input\":{\"trail\":[\"" + SECRET
                                + "\"]}}")
                .expect(200)
                .json()
                .get("run_id")
                .asString();
        alice.get("/threads/" + tid + "/runs/" + run + "/join").expect(200);
        ids.put("run_id", run);
        String checkpoint = alice.get("/threads/" + tid + "/state")
                .expect(200)
                .json()
                .path("checkpoint")
                .path("checkpoint_id")
                .asString();
        ids.put("checkpoint_id", checkpoint);
        JsonNode cron = alice.post(
                        "/threads/" + tid + "/runs/crons",
                        "{\"assistant_id\":\"" + ids.get("assistant_id")
                                + "\",\"schedule\":\"0 0 1 1 *\",\"metadata\":{\"note\":\"" + SECRET + "\"}}")
                .expect(200)
                .json();
        ids.put("cron_id", cron.get("cron_id").asString());
        alice.put("/store/items", "{\"namespace\":[\"alice\"],\"key\":\"k\",\"value\":{\"v\":\"" + SECRET + "\"}}")
                .expect(204);
        return ids;
    }

    /** A valid body of the route naming alice's rows (bob's own for what he creates). */
    private static String body(String route, Map<String, String> ids) {
        String assistant = ids.get("assistant_id");
        return switch (route) {
            case "POST /assistants" -> "{\"graph_id\":\"chain\"}";
            case "POST /threads" -> "{\"metadata\":{\"org\":\"acme\"}}";
            case "POST /threads/prune" -> "{\"thread_ids\":[\"" + ids.get("thread_id") + "\"]}";
            case "POST /runs", "POST /runs/wait", "POST /runs/stream" ->
                "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[]}}";
            case "POST /runs/batch" -> "[{\"assistant_id\":\"chain\",\"input\":{\"trail\":[]}}]";
            case "POST /runs/cancel" -> "{\"run_ids\":[\"" + ids.get("run_id") + "\"]}";
            case "POST /runs/crons" -> "{\"assistant_id\":\"" + assistant + "\",\"schedule\":\"0 0 1 1 *\"}";
            case "POST /threads/{thread_id}/runs/crons" -> "{\"assistant_id\":\"chain\",\"schedule\":\"0 0 1 1 *\"}";
            case "PATCH /threads/{thread_id}", "PATCH /assistants/{assistant_id}", "PATCH /runs/crons/{cron_id}" ->
                "{\"metadata\":{\"org\":\"globex\"}}";
            case "POST /threads/{thread_id}/state" -> "{\"values\":{\"trail\":[\"bob\"]}}";
            case "POST /threads/{thread_id}/commands" -> "{\"id\":1,\"method\":\"state.get\",\"params\":{}}";
            case "POST /threads/{thread_id}/stream/events" -> "{\"channels\":[\"values\"]}";
            case "POST /assistants/{assistant_id}/latest" -> "{\"version\":1}";
            case "PUT /store/items" -> "{\"namespace\":[\"alice\"],\"key\":\"k\",\"value\":{\"v\":1}}";
            case "DELETE /store/items" -> "{\"namespace\":[\"alice\"],\"key\":\"k\"}";
            case "POST /store/items/search" -> "{\"namespace_prefix\":[\"alice\"]}";
            case "POST /store/namespaces" -> "{\"prefix\":[\"alice\"]}";
            case "POST /a2a/{assistant_id}" ->
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/send\",\"params\":"
                        + "{\"message\":{\"role\":\"user\",\"messageId\":\"m1\",\"parts\":[{\"kind\":\"text\",\"text\":\"hi\"}]}}}";
            case "POST /mcp" -> "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";
            case "POST /ui/{assistant_id}" -> "{\"name\":\"weather\",\"shadowRootId\":\"root\"}";
            default ->
                route.startsWith("POST /threads/{thread_id}/runs")
                        ? "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[]}}"
                        : "{}";
        };
    }

    private static Api.Reply send(Api api, String method, String path, String body) throws Exception {
        return switch (method) {
            case "GET" -> api.get(path);
            case "DELETE" -> path.startsWith("/store") ? api.delete(path, body) : api.delete(path);
            case "PATCH" -> api.patch(path, body);
            case "PUT" -> api.put(path, body);
            default -> api.post(path, body);
        };
    }

    private static String fill(String template, Map<String, String> ids) {
        String out = template;
        for (Map.Entry<String, String> e : ids.entrySet()) {
            out = out.replace("{" + e.getKey() + "}", e.getValue());
        }
        out = out.replaceAll("\\{[a-z_]+}", "x");
        if (out.equals("/.well-known/agent-card.json")) {
            out += "?assistant_id=" + ids.get("assistant_id");
        }
        if (out.equals("/store/items")) {
            out += "?namespace=alice&key=k";
        }
        return out;
    }

    /** The text with the ids left out (a missing row's answer names the id asked for). */
    private static String without(String text, Map<String, String> ids) {
        String out = text;
        for (String id : ids.values()) {
            out = out.replace(id, "<id>");
        }
        return out;
    }

    private static String shorten(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "…" : s;
    }

    static Set<String> routesOf(SwitchboardServer s) {
        return Set.copyOf(s.routes());
    }
}
