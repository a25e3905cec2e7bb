package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link A2aAgent} against an agent on the official A2A JS SDK's server: the card, a message that
 * completes, a task that asks for input and is answered in its context, a failed task, streaming,
 * reading and the errors of unknown tasks; in protocol v1.0 and v0.3.
 */
class A2aAgentTest {
    private static JsAgent v10;
    private static JsAgent v03;

    @BeforeAll
    static void start() {
        v10 = JsAgent.start();
        v03 = JsAgent.start("--v03");
    }

    @AfterAll
    static void stop() {
        for (JsAgent a : new JsAgent[] {v10, v03}) {
            if (a != null) {
                a.close();
            }
        }
    }

    @Test
    void theCardNamesTheAgentAndItsProtocol() {
        A2aAgent agent = A2aAgent.fromCard(v10.card()).connect();
        assertEquals("Table agent", agent.card().get("name").asString());
        assertEquals("1.0", agent.protocolVersion());
        assertEquals("0.3", A2aAgent.fromCard(v03.card()).connect().protocolVersion());
    }

    @Test
    void aMessageCompletesWithItsArtifactInV10AndV03() {
        for (JsAgent server : List.of(v10, v03)) {
            A2aTask task = A2aAgent.fromCard(server.card()).connect().send(A2aMessage.text("ana"));
            assertEquals(A2aTask.State.COMPLETED, task.state());
            assertEquals("Hello, ana!", task.text());
            assertTrue(
                    !task.id().isEmpty() && !task.contextId().isEmpty(),
                    task.json().toString());
        }
    }

    @Test
    void aTaskThatAsksForInputIsAnsweredInItsContext() {
        for (JsAgent server : List.of(v10, v03)) {
            A2aAgent agent = A2aAgent.fromCard(server.card()).connect();
            A2aTask asking = agent.send(A2aMessage.text("table tonight"));
            assertEquals(A2aTask.State.INPUT_REQUIRED, asking.state());
            assertEquals("For how many people?", asking.statusText());
            A2aTask booked = agent.send(
                    A2aMessage.text("4").contextId(asking.contextId()).taskId(asking.id()));
            assertEquals(A2aTask.State.COMPLETED, booked.state());
            assertEquals("Booked a table for 4 (context " + asking.contextId() + ").", booked.text());
            assertEquals(A2aTask.State.COMPLETED, agent.getTask(asking.id()).state());
        }
    }

    @Test
    void aFailedTaskSaysWhy() {
        A2aTask failed = A2aAgent.fromCard(v10.card()).connect().send(A2aMessage.text("fail"));
        assertEquals(A2aTask.State.FAILED, failed.state());
        assertEquals("the kitchen is closed", failed.statusText());
    }

    @Test
    void aStreamedTaskShowsEachState() {
        for (JsAgent server : List.of(v10, v03)) {
            try (Stream<A2aTask> s = A2aAgent.fromCard(server.card()).connect().stream(A2aMessage.text("bo"))) {
                List<A2aTask> snapshots = s.toList();
                assertEquals(
                        List.of(
                                A2aTask.State.SUBMITTED,
                                A2aTask.State.WORKING,
                                A2aTask.State.WORKING,
                                A2aTask.State.COMPLETED),
                        snapshots.stream().map(A2aTask::state).toList());
                assertEquals("Hello, bo!", snapshots.get(snapshots.size() - 1).text());
            }
        }
    }

    @Test
    void anUnknownTaskIsAJsonRpcError() {
        A2aException e = assertThrows(
                A2aException.class,
                () -> A2aAgent.fromCard(v10.card()).connect().getTask("no-such-task"));
        assertEquals(-32001, e.code());
    }
}
