package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A graph's generative UI bundle served as LangGraph's server serves it: {@code POST /ui/{id}}
 * answers the HTML that loads it (its stylesheets, then its script calling {@code
 * __LGUI_<graph>.render(name, shadowRootId)}), for the graph's id or an assistant of it, and {@code
 * GET /ui/{graph}/{file}} its files, nothing outside the bundle.
 */
class UiBundlesTest {
    @TempDir
    static Path bundle;

    private static SwitchboardServer server;
    private static Api api;
    private static String host;

    @BeforeAll
    static void start() throws Exception {
        Files.writeString(bundle.resolve("entrypoint.js"), "var __LGUI_chain = { render() {} };");
        Files.writeString(bundle.resolve("entrypoint.css"), ".card { color: red }");
        Files.writeString(bundle.resolve("notes.txt"), "not part of the bundle");
        server = ConformanceGraphs.server(new MemorySaver())
                .ui("chain", bundle)
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
        host = server.url().getAuthority();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theLoaderNamesTheBundlesFilesAndRendersTheComponent() throws Exception {
        String expected = "<link rel=\"stylesheet\" href=\"http://" + host + "/ui/chain/entrypoint.css\" />\n"
                + "<script src=\"http://" + host + "/ui/chain/entrypoint.js\""
                + " onload='__LGUI_chain.render(\"weather\", \"root-1\")'></script>";
        Api.Reply byGraph = api.post("/ui/chain", "{\"name\":\"weather\",\"shadowRootId\":\"root-1\"}")
                .expect(200);
        assertEquals(expected, byGraph.text());
        assertEquals("text/html; charset=utf-8", byGraph.contentType());
        String assistant = api.post("/assistants", "{\"graph_id\":\"chain\"}")
                .expect(200)
                .json()
                .get("assistant_id")
                .asString();
        assertEquals(
                expected,
                api.post("/ui/" + assistant, "{\"name\":\"weather\",\"shadowRootId\":\"root-1\"}")
                        .expect(200)
                        .text());
        // a name cannot leave its attribute or the script
        assertEquals(
                true,
                api.post("/ui/chain", "{\"name\":\"x')<b>\",\"shadowRootId\":\"r\"}")
                        .expect(200)
                        .text()
                        .contains("render(\"x\\u0027)\\u003cb>\", \"r\")"));
        api.post("/ui/approval", "{\"name\":\"weather\",\"shadowRootId\":\"r\"}")
                .expect(404);
        api.post("/ui/chain", "{\"shadowRootId\":\"r\"}").expect(400); // as zod answers
    }

    @Test
    void theFilesAreServedAndNothingElse() throws Exception {
        Api.Reply js = api.get("/ui/chain/entrypoint.js").expect(200);
        assertEquals("var __LGUI_chain = { render() {} };", js.text());
        assertEquals("text/javascript; charset=utf-8", js.contentType());
        assertEquals(
                ".card { color: red }",
                api.get("/ui/chain/entrypoint.css").expect(200).text());
        api.get("/ui/chain/notes.txt").expect(404);
        api.get("/ui/chain/missing.js").expect(404);
        api.get("/ui/chain/..%2Fentrypoint.js").expect(404);
        api.get("/ui/approval/entrypoint.js").expect(404);
    }

    @Test
    void aBundleForAGraphNotServedIsRefusedAtBuild() {
        assertThrows(
                IllegalArgumentException.class,
                () -> ConformanceGraphs.server(new MemorySaver())
                        .ui("nope", bundle)
                        .build());
        assertThrows(
                IllegalArgumentException.class,
                () -> ConformanceGraphs.server(new MemorySaver()).ui("chain", bundle.resolve("notes.txt")));
    }
}
