package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@link A2aAgent} against a Switchboard server's A2A endpoint in another JVM: the served {@code
 * writer} graph as an agent, its interrupt a task that asks for input, answered in the same task.
 */
class OurA2aServerTest {
    private static ServerJvm server;
    private static A2aAgent writer;

    @BeforeAll
    static void start() throws Exception {
        server = ServerJvm.start();
        URI card = server.url().resolve("/.well-known/agent-card.json?assistant_id=writer");
        writer = A2aAgent.fromCard(card).connect();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theServedGraphIsAnAgentWhoseInterruptIsAnswered() {
        assertEquals("1.0", writer.protocolVersion());
        assertEquals("writer", writer.card().get("skills").get(0).get("id").asString());
        A2aTask asking = writer.send(A2aMessage.data(Map.of("topic", "cats")));
        assertEquals(A2aTask.State.INPUT_REQUIRED, asking.state());
        assertEquals(
                Map.of("question", "publish cats?"),
                Http.JSON.treeToValue(asking.statusData().get(0), Map.class));
        A2aTask done =
                writer.send(A2aMessage.text("yes").contextId(asking.contextId()).taskId(asking.id()));
        assertEquals(A2aTask.State.COMPLETED, done.state());
        JsonNode out = done.data().get(0);
        assertEquals("yes", out.get("verdict").asString());
        assertEquals(
                List.of("wrote cats", "reviewed", "published: yes"), Http.JSON.treeToValue(out.get("log"), List.class));
        assertEquals(A2aTask.State.COMPLETED, writer.getTask(asking.id()).state());
        assertTrue(
                writer.card().get("description").asString().startsWith("The graph the tests serve in another JVM"),
                "the description is the graph class's javadoc: " + writer.card());
    }

    @Test
    void aStreamedTaskIsFollowedToItsEnd() {
        List<A2aTask> seen;
        try (Stream<A2aTask> events = writer.stream(A2aMessage.data(Map.of("topic", "owls")))) {
            seen = events.toList();
        }
        assertEquals(
                List.of(A2aTask.State.SUBMITTED, A2aTask.State.WORKING, A2aTask.State.INPUT_REQUIRED),
                seen.stream().map(A2aTask::state).distinct().toList(),
                "the writer asks for a review: " + seen);
        A2aTask asking = seen.get(seen.size() - 1);
        assertEquals(
                Map.of("question", "publish owls?"),
                Http.JSON.treeToValue(asking.statusData().get(0), Map.class));
    }
}
