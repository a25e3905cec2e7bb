package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.Odd;
import dev.switchboard.server.fixtures.OddGraph;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Node names outside {@code [A-Za-z0-9_-]} come back as they are from the graph endpoint (not as
 * the Mermaid id escapes them), and breakpoints on such nodes, named or {@code "*"}, pause there.
 */
class NodeNamesTest {
    private static final String IMG = "<img src=x onerror=alert(1)>";

    private static SwitchboardServer server;
    private static Api api;

    @BeforeAll
    static void start() throws Exception {
        server = SwitchboardServer.builder()
                .graph("odd", OddGraph.builder(new Odd()))
                .checkpointer(new MemorySaver())
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theGraphNamesItsNodesAsTheyAre() throws Exception {
        JsonNode graph = api.get("/assistants/odd/graph").expect(200).json();
        List<String> ids = new ArrayList<>();
        graph.get("nodes").forEach(n -> ids.add(n.get("id").asString()));
        assertEquals(List.of("__start__", IMG, "café 2", "__end__"), ids);
        assertEquals(IMG, graph.at("/edges/0/target").asString());
        assertEquals("café 2", graph.at("/edges/1/target").asString());
    }

    @Test
    void breakpointsOnSuchNodesPauseThere() throws Exception {
        String tid = api.newThread();
        JsonNode paused = api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"odd\",\"input\":{\"trail\":[]},\"interrupt_before\":[\"café 2\"]}")
                .expect(200)
                .json();
        // as LangGraph answers a wait that stops at a breakpoint: no interrupt to answer
        assertEquals("{\"__interrupt__\":[]}", paused.toString());
        JsonNode state = api.get("/threads/" + tid + "/state").expect(200).json();
        assertEquals("[\"first\"]", state.at("/values/trail").toString());
        assertEquals("[\"café 2\"]", state.get("next").toString());
        String all = api.newThread();
        api.post(
                        "/threads/" + all + "/runs/wait",
                        "{\"assistant_id\":\"odd\",\"input\":{\"trail\":[]},\"interrupt_before\":\"*\"}")
                .expect(200);
        assertEquals(
                "[\"" + IMG + "\"]",
                api.get("/threads/" + all + "/state")
                        .expect(200)
                        .json()
                        .get("next")
                        .toString());
    }
}
