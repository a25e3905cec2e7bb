package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.Looking;
import dev.switchboard.server.fixtures.LookingGraph;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Message content that is a list of blocks (agent-chat-ui's text and image blocks) stays a list of
 * blocks wherever a client reads it back (run result, state, history, thread search), and reaches
 * the graph as LangChain4j contents: the image as an image, not as base64 text.
 */
class ContentBlocksTest {
    private static final String PNG =
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    private static final String BLOCKS =
            "[{\"type\":\"text\",\"text\":\"hi\"},{\"type\":\"image\",\"source_type\":\"base64\","
                    + "\"mime_type\":\"image/png\",\"data\":\"" + PNG + "\",\"metadata\":{\"name\":\"dot.png\"}}]";

    private static SwitchboardServer server;
    private static Api api;

    @BeforeAll
    static void start() throws Exception {
        server = SwitchboardServer.builder()
                .graph("looking", LookingGraph.builder(new Looking()))
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
    void blocksStayBlocksBothWays() throws Exception {
        String tid = api.newThread();
        JsonNode result = api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"looking\",\"input\":{\"messages\":[{\"type\":\"human\",\"content\":"
                                + BLOCKS + "}]}}")
                .expect(200)
                .json();
        assertEquals(BLOCKS, result.at("/messages/0/content").toString());
        assertEquals(
                "text:hi, image:image/png", result.at("/messages/1/content").asString());
        JsonNode state = api.get("/threads/" + tid + "/state").expect(200).json();
        assertEquals(BLOCKS, state.at("/values/messages/0/content").toString());
        JsonNode history =
                api.post("/threads/" + tid + "/history", "{}").expect(200).json();
        assertEquals(BLOCKS, history.at("/0/values/messages/0/content").toString());
        JsonNode found = api.post("/threads/search", "{\"ids\":[\"" + tid + "\"]}")
                .expect(200)
                .json();
        assertEquals(BLOCKS, found.at("/0/values/messages/0/content").toString());
        assertEquals("{}", found.at("/0/values/messages/0/additional_kwargs").toString());
    }

    @Test
    void anAiMessagesBlocksAreKeptAndItsTextIsTheirText() throws Exception {
        String tid = api.newThread();
        api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"looking\",\"input\":{\"messages\":[{\"type\":\"human\",\"content\":\"x\"}]}}")
                .expect(200);
        String aiBlocks = "[{\"type\":\"text\",\"text\":\"edited\"},{\"type\":\"reasoning\",\"reasoning\":\"why\"}]";
        api.post(
                        "/threads/" + tid + "/state",
                        "{\"values\":{\"messages\":[{\"type\":\"ai\",\"id\":\"a1\",\"content\":" + aiBlocks + "}]},"
                                + "\"as_node\":\"look\"}")
                .expect(200);
        JsonNode values =
                api.get("/threads/" + tid + "/state").expect(200).json().get("values");
        assertEquals(aiBlocks, values.at("/messages/2/content").toString());
    }
}
