package dev.switchboard.runtime.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.error.ErrorCode;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Assertions shared by the channel tests. */
final class ChannelAssertions {
    private ChannelAssertions() {}

    /** Asserts that the channel has no readable value, the way LangGraph's EmptyChannelError does. */
    static void assertEmpty(Channel channel) {
        assertFalse(channel.isAvailable(), "isAvailable");
        IllegalStateException e = assertThrows(IllegalStateException.class, channel::get);
        assertEquals("channel '" + channel.name() + "' is empty", e.getMessage());
    }

    /** Asserts that the channel is available and holds {@code expected}. */
    static void assertValue(Object expected, Channel channel) {
        assertTrue(channel.isAvailable(), "isAvailable");
        assertEquals(expected, channel.get());
    }

    /** Applies one superstep's writes. */
    static boolean step(Channel channel, Object... writes) {
        return channel.update(Arrays.asList(writes));
    }

    /** Applies a superstep without writes. */
    static boolean emptyStep(Channel channel) {
        return channel.update(List.of());
    }

    /** Asserts that the writes are rejected, and returns the exception for message checks. */
    static InvalidUpdateException assertRejected(Optional<ErrorCode> code, Channel channel, Object... writes) {
        InvalidUpdateException e = assertThrows(InvalidUpdateException.class, () -> step(channel, writes));
        assertEquals(code, e.code());
        return e;
    }

    /** A fresh channel restored from what {@code channel} stores, as a resumed run would build it. */
    static <C extends Channel> C roundTrip(C channel, C fresh) {
        Object stored = channel.checkpoint();
        if (stored != Channel.MISSING) {
            fresh.restore(stored);
        }
        return fresh;
    }
}
