package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.server.fixtures.Chain;
import dev.switchboard.server.fixtures.ChainGraph;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.fixtures.TrailUpdate;
import dev.switchboard.server.fixtures.Whereabouts;
import dev.switchboard.server.fixtures.WhereaboutsGraph;
import dev.switchboard.server.wire.Json;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a run costs the server beyond its graph: no checkpoint read or write more than the graph
 * invoked directly makes, while its answer and its thread's values stay those of the checkpoint it
 * ended with (ended, interrupted, failed, with chat messages).
 */
class RunOverheadTest {
    private final CountingSaver saver = new CountingSaver();
    private SwitchboardServer server;
    private Api api;

    @BeforeEach
    void start() throws Exception {
        server = ConformanceGraphs.server(saver)
                .graph("where", WhereaboutsGraph.builder(new Whereabouts()))
                .port(0)
                .build()
                .start();
        api = new Api(server.url(), null);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aStatelessWaitMakesTheCheckpointCallsOfItsGraphInvokedDirectlyAndNoMore() throws Exception {
        CountingSaver alone = new CountingSaver();
        var direct = ChainGraph.builder(new Chain()).checkpointer(alone).build();
        direct.invoke(TrailUpdate.of().trail(List.of("x")), RunConfig.thread("t"));
        alone.deleteThread("t");

        List<Integer> before = saver.counts();
        JsonNode answer = api.post("/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200)
                .json();
        assertEquals("{\"trail\":[\"x\",\"a\",\"b\"]}", answer.toString());
        // the temporary thread is deleted right after the answer: wait for that last write
        long end = System.currentTimeMillis() + 5_000;
        while (saver.writes.get() - before.get(1) < alone.writes.get() && System.currentTimeMillis() < end) {
            Thread.sleep(5);
        }
        List<Integer> made = List.of(saver.reads.get() - before.get(0), saver.writes.get() - before.get(1));
        assertEquals(alone.counts(), made, "checkpoint [reads, writes] of the server's run vs the graph's own");
    }

    @Test
    void aStatelessWaitRunsOnItsRequestsThreadAndOtherRunsOnAWorker() throws Exception {
        JsonNode here = api.post("/runs/wait", "{\"assistant_id\":\"where\",\"input\":{}}")
                .expect(200)
                .json();
        assertEquals("{\"trail\":[\"switchboard-http\"]}", here.toString());
        String tid = api.newThread();
        // a thread's run may queue behind another, and is then started by whichever run ends before it
        assertEquals(
                "{\"trail\":[\"switchboard-run\"]}", wait(tid, "where", "{}").toString());
    }

    @Test
    void statelessWaitsAnswerValuesInterruptsAndErrorsAsThreadRunsDo() throws Exception {
        JsonNode chat = api.post(
                        "/runs/wait",
                        "{\"assistant_id\":\"chat\",\"input\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}}")
                .expect(200)
                .json();
        String tid = api.newThread();
        JsonNode onThread = wait(tid, "chat", "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertEquals(withoutIds(onThread), withoutIds(chat));
        assertEquals("echo: hi", chat.at("/messages/1/content").asString(), chat::toString);

        JsonNode paused = api.post("/runs/wait", "{\"assistant_id\":\"approval\",\"input\":{\"trail\":[]}}")
                .expect(200)
                .json();
        assertEquals(
                "{\"question\":\"ok?\"}", paused.at("/__interrupt__/0/value").toString(), paused::toString);
        assertEquals(List.of("__interrupt__"), List.copyOf(paused.propertyNames()));

        JsonNode failed = api.post("/runs/wait", "{\"assistant_id\":\"where\",\"input\":{\"trail\":[\"fail\"]}}")
                .expect(200)
                .json();
        assertEquals("NodeException", failed.at("/__error__/error").asString(), failed::toString);
    }

    private static JsonNode withoutIds(JsonNode values) {
        JsonNode copy = values.deepCopy();
        copy.get("messages").forEach(m -> ((ObjectNode) m).remove("id"));
        return copy;
    }

    @Test
    void anEndedRunAnswersAndLeavesTheValuesOfItsLastCheckpoint() throws Exception {
        String tid = api.newThread();
        JsonNode answer = wait(tid, "chain", "{\"trail\":[\"x\"]}");
        assertEquals("{\"trail\":[\"x\",\"a\",\"b\"]}", answer.toString());
        sameAsCheckpoint(tid, answer, "idle");
        JsonNode again = wait(tid, "chain", "{\"trail\":[\"y\"]}");
        assertEquals("{\"trail\":[\"x\",\"a\",\"b\",\"y\",\"a\",\"b\"]}", again.toString());
        sameAsCheckpoint(tid, again, "idle");
    }

    @Test
    void chatMessagesAreAnsweredInTheFormTheCheckpointShows() throws Exception {
        String tid = api.newThread();
        JsonNode answer = wait(tid, "chat", "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertEquals("echo: hi", answer.at("/messages/1/content").asString(), answer::toString);
        sameAsCheckpoint(tid, answer, "idle");
    }

    @Test
    void anInterruptedRunAnswersItsInterruptsAndItsThreadShowsThemByTask() throws Exception {
        String tid = api.newThread();
        JsonNode answer = wait(tid, "approval", "{\"trail\":[]}");
        JsonNode state = api.get("/threads/" + tid + "/state").expect(200).json();
        JsonNode task = state.get("tasks").get(0);
        assertEquals("{\"__interrupt__\":" + task.get("interrupts") + "}", answer.toString());
        assertEquals("{\"question\":\"ok?\"}", task.at("/interrupts/0/value").toString());
        JsonNode thread = api.get("/threads/" + tid).expect(200).json();
        assertEquals("interrupted", thread.get("status").asString());
        assertEquals(state.get("values"), thread.get("values"));
        ObjectNode byTask = Json.object();
        byTask.set(task.get("id").asString(), task.get("interrupts"));
        assertEquals(byTask, thread.get("interrupts"));

        JsonNode resumed = api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"approval\",\"command\":{\"resume\":\"yes\"}}")
                .expect(200)
                .json();
        assertEquals("{\"trail\":[\"draft\",\"approved:yes\"]}", resumed.toString());
        sameAsCheckpoint(tid, resumed, "idle");
    }

    @Test
    void aNodesFailureIsAnsweredAsItsNodeExceptionAndLeavesTheCheckpointsValues() throws Exception {
        String tid = api.newThread();
        JsonNode answer = wait(tid, "where", "{\"trail\":[\"fail\"]}");
        // as when runs streamed from another thread: the NodeException, naming node and step
        assertEquals(
                "{\"error\":\"NodeException\",\"message\":\"node 'where' failed in step 1:"
                        + " java.lang.IllegalArgumentException: asked to fail\"}",
                answer.get("__error__").toString());
        JsonNode thread = api.get("/threads/" + tid).expect(200).json();
        assertEquals("error", thread.get("status").asString());
        JsonNode state = api.get("/threads/" + tid + "/state").expect(200).json();
        assertEquals("{\"trail\":[\"fail\"]}", state.get("values").toString());
        assertEquals(state.get("values"), thread.get("values"));
        assertEquals("[\"where\"]", state.get("next").toString());
    }

    @Test
    void aFailedRunLeavesTheValuesOfItsLastCheckpoint() throws Exception {
        String tid = api.newThread();
        JsonNode answer = wait(tid, "chat", "{\"messages\":[{\"role\":\"bogus\",\"content\":\"x\"}]}");
        assertEquals("Error", answer.at("/__error__/error").asString(), answer::toString);
        JsonNode thread = api.get("/threads/" + tid).expect(200).json();
        assertEquals("error", thread.get("status").asString());
        JsonNode state = api.get("/threads/" + tid + "/state").expect(200).json();
        assertEquals(state.get("values"), thread.get("values"));
    }

    private JsonNode wait(String tid, String graph, String input) throws Exception {
        return api.post(
                        "/threads/" + tid + "/runs/wait",
                        "{\"assistant_id\":\"" + graph + "\",\"input\":" + input + "}")
                .expect(200)
                .json();
    }

    /** The answer is the thread's checkpoint state, and the thread row shows it with no interrupts. */
    private void sameAsCheckpoint(String tid, JsonNode answer, String status) throws Exception {
        JsonNode state = api.get("/threads/" + tid + "/state").expect(200).json();
        assertEquals(state.get("values"), answer);
        assertEquals("[]", state.get("next").toString());
        JsonNode thread = api.get("/threads/" + tid).expect(200).json();
        assertEquals(status, thread.get("status").asString());
        assertEquals(answer, thread.get("values"));
        assertEquals("{}", thread.get("interrupts").toString());
    }
}
