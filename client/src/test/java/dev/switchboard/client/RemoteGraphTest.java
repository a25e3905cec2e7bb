package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@link RemoteGraph} on its own, against the served {@code writer} graph in another JVM. */
class RemoteGraphTest {
    private static ServerJvm server;
    private static RemoteGraph writer;

    @BeforeAll
    static void start() throws Exception {
        server = ServerJvm.start();
        writer = RemoteGraph.of(LangGraphClient.builder(server.url()).build(), "writer");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static JsonNode json(String text) {
        return Http.JSON.readTree(text);
    }

    @Test
    void invokePausesWithTheValuesAndInterruptsAndResumeFinishes() {
        String thread = UUID.randomUUID().toString();
        RemoteOutput paused = writer.invoke(Map.of("topic", "cats"), thread);
        assertTrue(paused.paused());
        assertEquals(json("{\"topic\":\"cats\",\"log\":[\"wrote cats\"]}"), paused.values());
        assertEquals(
                json("{\"question\":\"publish cats?\"}"),
                paused.interrupts().get(0).get("value"));
        assertEquals(List.of("review"), writer.getState(thread).next());

        RemoteOutput done = writer.resume("yes", thread);
        assertFalse(done.paused());
        assertEquals(
                json(
                        "{\"topic\":\"cats\",\"log\":[\"wrote cats\",\"reviewed\",\"published: yes\"],\"verdict\":\"yes\"}"),
                done.values());
        assertEquals(List.of(), writer.getState(thread).next());
        assertEquals(done.values(), writer.getStateHistory(thread, 1).get(0).values());
    }

    @Test
    void aStateUpdateForksWhatTheNextRunSees() {
        String thread = UUID.randomUUID().toString();
        writer.invoke(Map.of("topic", "owls"), thread);
        int before = writer.getStateHistory(thread, 100).size();
        JsonNode config = writer.updateState(thread, Map.of("topic", "larks"), "write");
        assertTrue(config.toString().contains("checkpoint_id"), config.toString());
        assertEquals("larks", writer.getState(thread).values().get("topic").asString());
        assertEquals(before + 1, writer.getStateHistory(thread, 100).size());
    }

    @Test
    void streamGivesTheEventsOfTheAskedModes() {
        try (Stream<StreamEvent> events = writer.stream(
                RunRequest.input(Map.of("topic", "bees")).streamMode("custom"),
                UUID.randomUUID().toString())) {
            assertEquals(
                    List.of("metadata", "custom"),
                    events.map(StreamEvent::event).toList());
        }
    }

    @Test
    void aRunThatFailsOnTheServerThrowsItsError() {
        RemoteRunException e = assertThrows(
                RemoteRunException.class,
                () -> writer.invoke(Map.of("topic", "ink"), UUID.randomUUID().toString()));
        assertTrue(e.getMessage().startsWith("the run of remote graph 'writer' failed: "), e.getMessage());
        assertTrue(e.getMessage().contains("out of ink"), e.getMessage());
    }
}
