package dev.switchboard.runtime.channel;

import static dev.switchboard.runtime.channel.ChannelAssertions.assertEmpty;
import static dev.switchboard.runtime.channel.ChannelAssertions.assertRejected;
import static dev.switchboard.runtime.channel.ChannelAssertions.emptyStep;
import static dev.switchboard.runtime.channel.ChannelAssertions.roundTrip;
import static dev.switchboard.runtime.channel.ChannelAssertions.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.channel.NamedBarrierValue.Seen;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** LangGraph's {@code NamedBarrierValue} and {@code NamedBarrierValueAfterFinish}. */
class NamedBarrierValueTest {
    private static final Set<String> NAMES = Set.of("a", "b");

    private static void assertOpen(Channel barrier) {
        assertTrue(barrier.isAvailable());
        assertNull(barrier.get(), "a barrier carries no value");
    }

    @Nested
    class Plain {
        private final NamedBarrierValue barrier = new NamedBarrierValue("join:a+b:c", NAMES, false);

        @Test
        void startsClosedWithNothingSeen() {
            assertEmpty(barrier);
            assertEquals(new Seen(Set.of(), false), barrier.checkpoint());
            assertFalse(emptyStep(barrier));
        }

        @Test
        void opensOnceEveryNameHasBeenWrittenInAnySteps() {
            assertTrue(step(barrier, "a"));
            assertEmpty(barrier);
            assertFalse(emptyStep(barrier));
            assertTrue(step(barrier, "b"));
            assertOpen(barrier);
        }

        @Test
        void allNamesInOneStep() {
            assertTrue(step(barrier, "b", "a"));
            assertOpen(barrier);
        }

        @Test
        void aNameSeenAgainIsNoChange() {
            step(barrier, "a");
            assertFalse(step(barrier, "a", "a"));
            assertEmpty(barrier);
            assertTrue(step(barrier, "a", "b"), "b is new");
        }

        @Test
        void anUnknownNameIsRejectedWithoutAnErrorCode() {
            InvalidUpdateException e = assertRejected(Optional.empty(), barrier, "x");
            assertEquals("Invalid update for channel \"join:a+b:c\": value x not in [a, b]", e.getMessage());
            assertEmpty(barrier);
        }

        @Test
        void consumeResetsAnOpenBarrierOnly() {
            step(barrier, "a");
            assertFalse(barrier.consume());
            assertEquals(new Seen(Set.of("a"), false), barrier.checkpoint());

            step(barrier, "b");
            assertTrue(barrier.consume());
            assertEmpty(barrier);
            assertEquals(new Seen(Set.of(), false), barrier.checkpoint());
            assertFalse(barrier.consume());
        }

        @Test
        void finishDoesNothing() {
            step(barrier, "a", "b");
            assertFalse(barrier.finish());
            assertOpen(barrier);
            assertEquals(new Seen(Set.of("a", "b"), false), barrier.checkpoint());
        }

        @Test
        void checkpointIsAnUnmodifiableSortedSnapshot() {
            NamedBarrierValue three = new NamedBarrierValue("j", Set.of("c", "a", "b"), false);
            step(three, "c", "a");
            Seen stored = (Seen) three.checkpoint();
            assertEquals(List.of("a", "c"), List.copyOf(stored.names()));
            assertThrows(
                    UnsupportedOperationException.class, () -> stored.names().add("b"));
            step(three, "b");
            assertEquals(Set.of("a", "c"), stored.names());
        }

        @Test
        void checkpointRoundTrip() {
            step(barrier, "a");
            NamedBarrierValue restored = roundTrip(barrier, new NamedBarrierValue("join:a+b:c", NAMES, false));
            assertEmpty(restored);
            assertFalse(step(restored, "a"));
            assertTrue(step(restored, "b"));
            assertOpen(restored);
            assertEmpty(barrier);
        }

        @Test
        void copyIsIndependent() {
            step(barrier, "a");
            Channel copy = barrier.copy();
            assertEquals("join:a+b:c", copy.name());
            step(copy, "b");
            assertOpen(copy);
            assertEmpty(barrier);
            step(barrier, "b");
            copy.consume();
            assertOpen(barrier);
        }

        @Test
        void theNamesAreCopied() {
            Set<String> names = new HashSet<>(NAMES);
            NamedBarrierValue own = new NamedBarrierValue("j", names, false);
            names.add("c");
            step(own, "a", "b");
            assertOpen(own);
        }
    }

    @Nested
    class AfterFinish {
        private final NamedBarrierValue barrier = new NamedBarrierValue("join:a+b:late", NAMES, true);

        @Test
        void completeIsNotEnoughUntilFinish() {
            assertTrue(step(barrier, "a", "b"));
            assertEmpty(barrier);
            assertEquals(new Seen(Set.of("a", "b"), false), barrier.checkpoint());

            assertTrue(barrier.finish());
            assertOpen(barrier);
            assertFalse(barrier.finish(), "already finished");
            assertEquals(new Seen(Set.of("a", "b"), true), barrier.checkpoint());
        }

        @Test
        void finishBeforeCompleteDoesNothing() {
            assertFalse(barrier.finish());
            step(barrier, "a");
            assertFalse(barrier.finish());
            assertEmpty(barrier);
            step(barrier, "b");
            assertEmpty(barrier);
            assertTrue(barrier.finish());
            assertOpen(barrier);
        }

        @Test
        void consumeResetsOnlyAfterFinish() {
            step(barrier, "a", "b");
            assertFalse(barrier.consume());
            assertEquals(new Seen(Set.of("a", "b"), false), barrier.checkpoint());

            barrier.finish();
            assertTrue(barrier.consume());
            assertEmpty(barrier);
            assertEquals(new Seen(Set.of(), false), barrier.checkpoint());
            assertFalse(barrier.finish(), "nothing seen any more");
        }

        @Test
        void anUnknownNameIsRejected() {
            InvalidUpdateException e = assertRejected(Optional.empty(), barrier, "c");
            assertEquals("Invalid update for channel \"join:a+b:late\": value c not in [a, b]", e.getMessage());
        }

        @Test
        void checkpointRoundTripKeepsTheFinishedFlag() {
            step(barrier, "a", "b");
            barrier.finish();
            NamedBarrierValue restored = roundTrip(barrier, new NamedBarrierValue("join:a+b:late", NAMES, true));
            assertOpen(restored);
            assertTrue(restored.consume());
            assertOpen(barrier);

            NamedBarrierValue waiting = new NamedBarrierValue("join:a+b:late", NAMES, true);
            waiting.restore(new Seen(Set.of("a", "b"), false));
            assertEmpty(waiting);
            assertTrue(waiting.finish());
        }

        @Test
        void copyIsIndependentAndKeepsTheFinishedFlag() {
            step(barrier, "a", "b");
            barrier.finish();
            Channel copy = barrier.copy();
            assertOpen(copy);
            assertTrue(copy.consume());
            assertOpen(barrier);

            Channel secondCopy = barrier.copy();
            barrier.consume();
            assertOpen(secondCopy);
        }
    }
}
