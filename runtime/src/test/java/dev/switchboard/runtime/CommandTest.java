package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

class CommandTest {
    /** Stands in for a generated update; {@link Command} only holds it. */
    private static final class FakeUpdate extends StateUpdate {
        private final String label;

        FakeUpdate(String label) {
            this.label = label;
        }

        @Override
        protected void ownWrites(BiConsumer<String, Object> sink) {}

        @Override
        public String toString() {
            return label;
        }
    }

    private final FakeUpdate update = new FakeUpdate("u1");

    @Test
    void updateOnly() {
        Command<FakeUpdate> command = Command.update(update);
        assertSame(update, command.update().orElseThrow());
        assertEquals(List.of(), command.gotos());
        assertEquals("Command[update=u1, goto=[]]", command.toString());
    }

    @Test
    void goToOnly() {
        Command<FakeUpdate> command = Command.goTo("a", "b");
        assertEquals(Optional.empty(), command.update());
        assertEquals(List.of("a", "b"), command.gotos());
        assertEquals("Command[update=null, goto=[a, b]]", command.toString());
    }

    @Test
    void sendOnly() {
        Send<Integer> one = Send.to("worker", 1);
        Send<Integer> two = Send.to("worker", 2);
        Command<FakeUpdate> command = Command.send(one, two);
        assertEquals(Optional.empty(), command.update());
        assertEquals(List.of(one, two), command.gotos());
    }

    @Test
    void destinationsKeepTheOrderGivenAcrossNamesAndSends() {
        Send<String> send = Send.to("worker", "x");
        Command<FakeUpdate> command =
                Command.<FakeUpdate>goTo("a").andSend(send).andGoTo("b").withUpdate(update);
        assertEquals(List.of("a", send, "b"), command.gotos());
        assertSame(update, command.update().orElseThrow());
    }

    @Test
    void everyMethodReturnsANewCommandAndLeavesTheOldOneAlone() {
        Command<FakeUpdate> base = Command.goTo("a");
        Command<FakeUpdate> more = base.andGoTo("b");
        Command<FakeUpdate> sent = base.andSend(Send.to("w", 1));
        Command<FakeUpdate> updated = base.withUpdate(update);
        assertNotSame(base, more);
        assertEquals(List.of("a"), base.gotos());
        assertEquals(Optional.empty(), base.update());
        assertEquals(List.of("a", "b"), more.gotos());
        assertEquals(List.of("a", Send.to("w", 1)), sent.gotos());
        assertEquals(List.of("a"), updated.gotos());

        FakeUpdate other = new FakeUpdate("u2");
        assertSame(other, updated.withUpdate(other).update().orElseThrow());
        assertSame(update, updated.update().orElseThrow());
    }

    @Test
    void gotosAreUnmodifiableAndDetachedFromTheVarargsArray() {
        String[] nodes = {"a", "b"};
        Command<FakeUpdate> command = Command.goTo(nodes);
        nodes[0] = "changed";
        assertEquals(List.of("a", "b"), command.gotos());
        assertThrows(UnsupportedOperationException.class, () -> command.gotos().add("c"));
        assertThrows(
                UnsupportedOperationException.class,
                () -> Command.update(update).gotos().add("c"));
    }

    @Test
    void noDestinationsIsAllowed() {
        assertTrue(Command.<FakeUpdate>goTo().gotos().isEmpty());
        assertTrue(Command.<FakeUpdate>send().gotos().isEmpty());
    }

    @Test
    void nullsAreRejectedWithTheParameterName() {
        assertNpe("update", () -> Command.update(null));
        assertNpe("update", () -> Command.<FakeUpdate>goTo("a").withUpdate(null));
        assertNpe("nodes", () -> Command.goTo((String[]) null));
        assertNpe("nodes[]", () -> Command.goTo("a", null));
        assertNpe("nodes", () -> Command.<FakeUpdate>goTo().andGoTo((String[]) null));
        assertNpe("sends", () -> Command.send((Send<?>[]) null));
        assertNpe("sends[]", () -> Command.send(Send.to("w", 1), null));
        assertNpe("sends[]", () -> Command.<FakeUpdate>goTo("a").andSend((Send<?>) null));
    }

    private static void assertNpe(String parameter, Runnable call) {
        assertEquals(
                parameter, assertThrows(NullPointerException.class, call::run).getMessage());
    }
}
