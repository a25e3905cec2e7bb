package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class SendTest {
    @Test
    void carriesTheNodeAndItsPayload() {
        Send<List<String>> send = new Send<>("worker", List.of("a"));
        assertEquals("worker", send.node());
        assertEquals(List.of("a"), send.payload());
        assertEquals("Send[node=worker, payload=[a]]", send.toString());
    }

    @Test
    void toIsShorthandForTheConstructor() {
        assertEquals(new Send<>("worker", 1), Send.to("worker", 1));
        assertEquals(new Send<>("worker", 1).hashCode(), Send.to("worker", 1).hashCode());
        assertNotEquals(Send.to("worker", 1), Send.to("worker", 2));
        assertNotEquals(Send.to("worker", 1), Send.to("other", 1));
    }

    @Test
    void nullsAreRejectedWithTheParameterName() {
        assertEquals(
                "node",
                assertThrows(NullPointerException.class, () -> Send.to(null, 1)).getMessage());
        assertEquals(
                "payload",
                assertThrows(NullPointerException.class, () -> Send.to("worker", null))
                        .getMessage());
        assertEquals(
                "node",
                assertThrows(NullPointerException.class, () -> new Send<>(null, 1))
                        .getMessage());
    }
}
