package dev.switchboard.runtime.channel;

import static dev.switchboard.runtime.channel.ChannelAssertions.assertEmpty;
import static dev.switchboard.runtime.channel.ChannelAssertions.assertRejected;
import static dev.switchboard.runtime.channel.ChannelAssertions.assertValue;
import static dev.switchboard.runtime.channel.ChannelAssertions.emptyStep;
import static dev.switchboard.runtime.channel.ChannelAssertions.roundTrip;
import static dev.switchboard.runtime.channel.ChannelAssertions.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.InvalidUpdateException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** LangGraph's {@code EphemeralValue}: visible for one step after it was written. */
class EphemeralValueTest {
    private final EphemeralValue guarded = new EphemeralValue("branch:to:a", true);
    private final EphemeralValue unguarded = new EphemeralValue("input", false);

    @Test
    void startsEmptyAndStoresNothing() {
        assertEmpty(guarded);
        assertSame(Channel.MISSING, guarded.checkpoint());
        assertFalse(emptyStep(guarded));
    }

    @Test
    void aWriteLastsOneStep() {
        assertTrue(step(guarded, "go"));
        assertValue("go", guarded);
        assertTrue(emptyStep(guarded), "clearing is a change");
        assertEmpty(guarded);
        assertFalse(emptyStep(guarded));
    }

    @Test
    void aNewWriteReplacesTheOldOne() {
        step(guarded, "a");
        assertTrue(step(guarded, "b"));
        assertValue("b", guarded);
    }

    @Test
    void withTheGuardTwoWritesAreRejectedWithoutAnErrorCode() {
        step(guarded, "old");
        InvalidUpdateException e = assertRejected(Optional.empty(), guarded, "a", "b");
        assertEquals(
                "Invalid update for channel \"branch:to:a\" with values [\"a\",\"b\"]: an ephemeral channel with guard"
                        + " can receive only one value per step.",
                e.getMessage());
        assertValue("old", guarded);
    }

    @Test
    void withoutTheGuardTheLastWriteWins() {
        assertTrue(step(unguarded, "a", "b", "c"));
        assertValue("c", unguarded);
    }

    @Test
    void consumeAndFinishDoNothing() {
        step(guarded, "a");
        assertFalse(guarded.consume());
        assertFalse(guarded.finish());
        assertValue("a", guarded);
    }

    @Test
    void checkpointRoundTrip() {
        step(guarded, "a");
        assertEquals("a", guarded.checkpoint());
        EphemeralValue restored = roundTrip(guarded, new EphemeralValue("branch:to:a", true));
        assertValue("a", restored);
        assertTrue(emptyStep(restored));
        assertEmpty(restored);
        assertValue("a", guarded);
    }

    @Test
    void copyIsIndependentAndKeepsTheGuard() {
        step(guarded, "a");
        Channel copy = guarded.copy();
        assertEquals("branch:to:a", copy.name());
        assertValue("a", copy);
        emptyStep(copy);
        assertEmpty(copy);
        assertValue("a", guarded);
        assertRejected(Optional.empty(), copy, "x", "y");

        Channel unguardedCopy = unguarded.copy();
        assertTrue(step(unguardedCopy, "x", "y"));
        assertValue("y", unguardedCopy);
        assertEmpty(unguarded);
    }
}
