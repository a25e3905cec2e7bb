package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.studio.Nested;
import dev.switchboard.server.studio.NestedGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@code GET /assistants/{id}/graph?xray=...}: a subgraph's nodes replace its node as parent:child. */
class XrayDrawingTest {
    private SwitchboardServer server;
    private Api api;

    @BeforeEach
    void start() throws Exception {
        server = SwitchboardServer.builder()
                .graph("nested", NestedGraph.builder(new Nested()))
                .checkpointer(new MemorySaver())
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private List<String> nodes(String query) throws Exception {
        List<String> out = new ArrayList<>();
        api.get("/assistants/nested/graph" + query)
                .expect(200)
                .json()
                .get("nodes")
                .forEach(n -> out.add(n.get("id").asString()));
        return out;
    }

    private List<String> edges(String query) throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode e :
                api.get("/assistants/nested/graph" + query).expect(200).json().get("edges")) {
            out.add(e.get("source").asString() + ">" + e.get("target").asString());
        }
        return out;
    }

    @Test
    void withoutXrayASubgraphIsOneNode() throws Exception {
        List<String> flat = List.of("__start__", "prep", "middle", "__end__");
        assertEquals(flat, nodes(""));
        assertEquals(flat, nodes("?xray=false"));
        assertEquals(flat, nodes("?xray=0"));
    }

    @Test
    void xrayDrawsEverySubgraphsNodesAtEveryDepthNamedByTheirPath() throws Exception {
        for (String query : List.of("?xray=true", "?xray=1", "?xray=2")) {
            assertEquals(
                    Set.of("__start__", "prep", "middle:m1", "middle:counter:plus", "middle:counter:twice", "__end__"),
                    Set.copyOf(nodes(query)),
                    query);
        }
        assertEquals(
                List.of(
                        "__start__>prep",
                        "prep>middle:m1",
                        "middle:counter:twice>__end__",
                        "middle:m1>middle:counter:plus",
                        "middle:counter:plus>middle:counter:twice"),
                edges("?xray=true"));
    }
}
