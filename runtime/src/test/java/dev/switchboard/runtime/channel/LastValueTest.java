package dev.switchboard.runtime.channel;

import static dev.switchboard.runtime.channel.ChannelAssertions.assertEmpty;
import static dev.switchboard.runtime.channel.ChannelAssertions.assertRejected;
import static dev.switchboard.runtime.channel.ChannelAssertions.assertValue;
import static dev.switchboard.runtime.channel.ChannelAssertions.emptyStep;
import static dev.switchboard.runtime.channel.ChannelAssertions.roundTrip;
import static dev.switchboard.runtime.channel.ChannelAssertions.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.error.ErrorCode;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** LangGraph's {@code LastValue}: one write per superstep, kept until the next write. */
class LastValueTest {
    private final LastValue channel = new LastValue("topic");

    @Test
    void startsEmptyAndStoresNothing() {
        assertEquals("topic", channel.name());
        assertEmpty(channel);
        assertSame(Channel.MISSING, channel.checkpoint());
        assertEquals("LastValue[topic=<empty>]", channel.toString());
    }

    @Test
    void oneWriteIsStoredAndReportsAChange() {
        assertTrue(step(channel, "a"));
        assertValue("a", channel);
        assertEquals("LastValue[topic=a]", channel.toString());
    }

    @Test
    void aStepWithoutWritesKeepsTheValue() {
        assertFalse(emptyStep(channel));
        assertEmpty(channel);

        step(channel, "a");
        assertFalse(emptyStep(channel));
        assertValue("a", channel);
    }

    @Test
    void aLaterStepReplacesTheValueAndWritingTheSameValueStillCountsAsAChange() {
        step(channel, "a");
        assertTrue(step(channel, "b"));
        assertValue("b", channel);
        // Python's LastValue returns True for every non-empty update, equal or not.
        assertTrue(step(channel, "b"));
        assertValue("b", channel);
    }

    @Test
    void nullIsAValueLikePythonsNone() {
        assertTrue(step(channel, (Object) null));
        assertTrue(channel.isAvailable());
        assertNull(channel.get());
        assertNull(channel.checkpoint());
    }

    @Test
    void twoWritesInOneStepAreAConcurrentUpdateAndKeepTheOldValue() {
        step(channel, "old");
        InvalidUpdateException e =
                assertRejected(Optional.of(ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE), channel, "a", "b");
        assertEquals(
                "Invalid update for channel \"topic\" with values [\"a\",\"b\"]: LastValue can only receive one value"
                        + " per step. Give the state component a @Reducer if several nodes may write it in the same"
                        + " step.",
                e.getMessage());
        assertValue("old", channel);
    }

    @Test
    void manyWritesAreRejectedAndDescribedInTheMessage() {
        InvalidUpdateException e =
                assertRejected(Optional.of(ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE), channel, 1, 2, 3);
        assertTrue(e.getMessage().startsWith("Invalid update for channel \"topic\" with values [1,2,3]: "));
        assertEmpty(channel);
    }

    @Test
    void consumeAndFinishDoNothing() {
        step(channel, "a");
        assertFalse(channel.consume());
        assertFalse(channel.finish());
        assertValue("a", channel);
    }

    @Test
    void checkpointRoundTrip() {
        step(channel, "a");
        assertEquals("a", channel.checkpoint());

        LastValue restored = roundTrip(channel, new LastValue("topic"));
        assertValue("a", restored);
        assertTrue(step(restored, "b"));
        assertValue("a", channel);
    }

    @Test
    void emptyChannelRestoresEmpty() {
        assertEmpty(roundTrip(channel, new LastValue("topic")));
    }

    @Test
    void copyIsIndependent() {
        step(channel, "a");
        Channel copy = channel.copy();
        assertEquals("topic", copy.name());
        assertValue("a", copy);

        step(copy, "b");
        assertValue("a", channel);
        step(channel, "c");
        assertValue("b", copy);
    }

    @Test
    void copyOfAnEmptyChannelIsEmpty() {
        Channel copy = channel.copy();
        assertEmpty(copy);
        step(copy, "a");
        assertEmpty(channel);
    }
}
