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
import dev.switchboard.runtime.error.ErrorCode;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** LangGraph's {@code UntrackedValue}: like a last value, but never checkpointed. */
class UntrackedValueTest {
    private final UntrackedValue guarded = new UntrackedValue("scratch", true);
    private final UntrackedValue unguarded = new UntrackedValue("winner", false);

    @Test
    void startsEmpty() {
        assertEmpty(guarded);
        assertFalse(emptyStep(guarded));
    }

    @Test
    void keepsTheLastWriteAcrossStepsWithoutWrites() {
        assertTrue(step(guarded, "a"));
        assertValue("a", guarded);
        assertFalse(emptyStep(guarded));
        assertValue("a", guarded);
        assertTrue(step(guarded, "b"));
        assertValue("b", guarded);
    }

    @Test
    void neverStoresItsValue() {
        step(guarded, "a");
        assertSame(Channel.MISSING, guarded.checkpoint());
        assertSame(Channel.MISSING, new UntrackedValue("x", false).checkpoint());
    }

    @Test
    void aResumedRunStartsWithoutTheValue() {
        step(guarded, "a");
        assertEmpty(roundTrip(guarded, new UntrackedValue("scratch", true)));
    }

    @Test
    void restoreIgnoresWhatItIsGiven() {
        UntrackedValue fresh = new UntrackedValue("scratch", true);
        fresh.restore("stale");
        assertEmpty(fresh);
    }

    @Test
    void withTheGuardTwoWritesAreAConcurrentUpdate() {
        step(guarded, "old");
        InvalidUpdateException e =
                assertRejected(Optional.of(ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE), guarded, "a", "b");
        assertEquals(
                "Invalid update for channel \"scratch\" with values [\"a\",\"b\"]: an untracked channel with guard can"
                        + " receive only one value per step. Use @Untracked(guard = false) to keep the last write.",
                e.getMessage());
        assertValue("old", guarded);
    }

    @Test
    void withoutTheGuardTheLastWriteWins() {
        assertTrue(step(unguarded, "a", "b"));
        assertValue("b", unguarded);
    }

    @Test
    void consumeAndFinishDoNothing() {
        step(guarded, "a");
        assertFalse(guarded.consume());
        assertFalse(guarded.finish());
        assertValue("a", guarded);
    }

    @Test
    void copyKeepsTheValueAndTheGuardAndIsIndependent() {
        step(guarded, "a");
        Channel copy = guarded.copy();
        assertEquals("scratch", copy.name());
        assertValue("a", copy);
        step(copy, "b");
        assertValue("a", guarded);
        assertRejected(Optional.of(ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE), copy, "x", "y");

        Channel unguardedCopy = unguarded.copy();
        assertTrue(step(unguardedCopy, "x", "y"));
        assertValue("y", unguardedCopy);
        assertEmpty(unguarded);
    }
}
