package dev.switchboard.bench.agent;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import org.junit.jupiter.api.Test;

/** The middleware benchmark finishes its turn with each kind of middleware. */
class MiddlewareBenchTest {
    @Test
    void everyKindFinishesTheTurn() {
        for (String kind : new String[] {"wrap", "hooks"}) {
            MiddlewareBench b = new MiddlewareBench();
            b.count = 4;
            b.kind = kind;
            assertDoesNotThrow(b::setup);
        }
    }
}
