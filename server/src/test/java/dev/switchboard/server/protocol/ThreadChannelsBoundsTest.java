package dev.switchboard.server.protocol;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The protocol's channels are bounded: past their bound, channels nobody subscribes to (and that
 * follow no run) are let go of, so a server does not keep every thread's event buffer a client
 * ever streamed; a channel with a subscriber stays, and a let-go thread gets a fresh channel.
 */
class ThreadChannelsBoundsTest {
    private static final int KEEP = 3;

    @Test
    void idleChannelsAreLetGoOfPastTheBoundAndSubscribedOnesStay() {
        try (ThreadChannels channels = new ThreadChannels(null, null, KEEP, Duration.ZERO)) {
            ThreadChannel watched = channels.channel("watched");
            ThreadChannel.Subscription sub =
                    watched.subscribe(new EventFilter(Set.of("lifecycle"), List.of(List.of()), 0, null));
            ThreadChannel idle = channels.channel("idle");
            for (int i = 0; i < 100; i++) {
                channels.channel("t" + i);
                assertTrue(channels.size() <= 2 * KEEP + 2, () -> "channels kept: " + channels.size());
            }
            assertSame(watched, channels.channel("watched"), "a channel with a subscriber stays");
            assertNotSame(idle, channels.channel("idle"), "an idle channel was let go of");

            sub.close();
            for (int i = 0; i < 2 * KEEP + 4; i++) {
                channels.channel("u" + i);
            }
            assertNotSame(watched, channels.channel("watched"), "once unsubscribed it may go too");
        }
    }
}
