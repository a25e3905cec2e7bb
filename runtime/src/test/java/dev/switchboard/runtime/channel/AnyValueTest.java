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

/** LangGraph's {@code AnyValue}: several (assumed equal) writes allowed; a step without writes clears. */
class AnyValueTest {
    private final AnyValue channel = new AnyValue("any");

    @Test
    void startsEmptyAndStoresNothing() {
        assertEmpty(channel);
        assertSame(Channel.MISSING, channel.checkpoint());
        assertFalse(emptyStep(channel));
    }

    @Test
    void oneWrite() {
        assertTrue(step(channel, "a"));
        assertValue("a", channel);
    }

    @Test
    void severalWritesAreAcceptedAndTheLastIsKept() {
        assertTrue(step(channel, "a", "a"));
        assertValue("a", channel);
        assertTrue(step(channel, "x", "y", "z"));
        assertValue("z", channel);
    }

    @Test
    void aStepWithoutWritesClears() {
        step(channel, "a");
        assertTrue(emptyStep(channel));
        assertEmpty(channel);
        assertFalse(emptyStep(channel));
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
        AnyValue restored = roundTrip(channel, new AnyValue("any"));
        assertValue("a", restored);
        assertTrue(emptyStep(restored));
        assertValue("a", channel);
    }

    @Test
    void copyIsIndependent() {
        step(channel, "a");
        Channel copy = channel.copy();
        assertEquals("any", copy.name());
        assertValue("a", copy);
        step(copy, "b");
        assertValue("a", channel);
        emptyStep(channel);
        assertValue("b", copy);
    }
}
