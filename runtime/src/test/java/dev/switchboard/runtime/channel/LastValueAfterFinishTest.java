package dev.switchboard.runtime.channel;

import static dev.switchboard.runtime.channel.ChannelAssertions.assertEmpty;
import static dev.switchboard.runtime.channel.ChannelAssertions.assertValue;
import static dev.switchboard.runtime.channel.ChannelAssertions.emptyStep;
import static dev.switchboard.runtime.channel.ChannelAssertions.roundTrip;
import static dev.switchboard.runtime.channel.ChannelAssertions.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** LangGraph's {@code LastValueAfterFinish}: a written value becomes readable only after finish. */
class LastValueAfterFinishTest {
    private final LastValueAfterFinish channel = new LastValueAfterFinish("branch:to:late");

    @Test
    void startsEmptyAndStoresNothing() {
        assertEmpty(channel);
        assertSame(Channel.MISSING, channel.checkpoint());
        assertFalse(channel.finish(), "nothing to finish");
        assertFalse(channel.consume());
        assertEmpty(channel);
    }

    @Test
    void aWriteIsHeldButNotAvailableUntilFinish() {
        assertTrue(step(channel, "a"));
        assertEmpty(channel);
        assertEquals(new Finishable("a", false), channel.checkpoint());

        assertTrue(channel.finish());
        assertValue("a", channel);
        assertFalse(channel.finish(), "already finished");
        assertEquals(new Finishable("a", true), channel.checkpoint());
    }

    @Test
    void severalWritesKeepTheLast() {
        assertTrue(step(channel, "a", "b"));
        channel.finish();
        assertValue("b", channel);
    }

    @Test
    void aStepWithoutWritesChangesNothing() {
        assertFalse(emptyStep(channel));
        step(channel, "a");
        assertFalse(emptyStep(channel));
        channel.finish();
        assertFalse(emptyStep(channel));
        assertValue("a", channel);
    }

    @Test
    void consumingAFinishedValueClearsIt() {
        step(channel, "a");
        channel.finish();
        assertTrue(channel.consume());
        assertEmpty(channel);
        assertSame(Channel.MISSING, channel.checkpoint());
        assertFalse(channel.consume());
        assertFalse(channel.finish());
    }

    @Test
    void consumingBeforeFinishKeepsTheValue() {
        step(channel, "a");
        assertFalse(channel.consume());
        assertTrue(channel.finish());
        assertValue("a", channel);
    }

    @Test
    void aWriteAfterFinishMakesItWaitAgain() {
        step(channel, "a");
        channel.finish();
        assertTrue(step(channel, "b"));
        assertEmpty(channel);
        assertEquals(new Finishable("b", false), channel.checkpoint());
        assertTrue(channel.finish());
        assertValue("b", channel);
    }

    @Test
    void checkpointRoundTripBeforeAndAfterFinish() {
        step(channel, "a");
        LastValueAfterFinish waiting = roundTrip(channel, new LastValueAfterFinish("branch:to:late"));
        assertEmpty(waiting);
        assertTrue(waiting.finish());
        assertValue("a", waiting);

        channel.finish();
        LastValueAfterFinish finished = roundTrip(channel, new LastValueAfterFinish("branch:to:late"));
        assertValue("a", finished);
        assertFalse(finished.finish());
        assertTrue(finished.consume());
        assertValue("a", channel);
    }

    @Test
    void copyIsIndependent() {
        step(channel, "a");
        Channel copy = channel.copy();
        assertEquals("branch:to:late", copy.name());
        assertTrue(copy.finish());
        assertValue("a", copy);
        assertEmpty(channel);

        channel.finish();
        Channel finishedCopy = channel.copy();
        assertValue("a", finishedCopy);
        assertTrue(finishedCopy.consume());
        assertValue("a", channel);
    }
}
