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
import dev.switchboard.runtime.Overwrite;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.ReduceFunction;
import dev.switchboard.runtime.reducer.Sum;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** LangGraph's {@code BinaryOperatorAggregate}, including {@link Overwrite}. */
class ReducerChannelTest {
    /** A reducer that shows the order in which it saw its arguments. */
    private static final ReduceFunction<String> PIPE = (current, update) -> current + "|" + update;

    private static ReducerChannel list() {
        return new ReducerChannel("items", new Append<>(), List.of());
    }

    private static ReducerChannel piped() {
        return new ReducerChannel("log", PIPE, Channel.MISSING);
    }

    @Test
    void startsAtTheInitialValue() {
        ReducerChannel total = new ReducerChannel("total", new Sum<Integer>(), 0);
        assertValue(0, total);
        assertEquals(0, total.checkpoint());
    }

    @Test
    void withoutAnInitialValueItStartsEmpty() {
        ReducerChannel log = piped();
        assertEmpty(log);
        assertSame(Channel.MISSING, log.checkpoint());
    }

    @Test
    void theFirstWriteEverIsStoredAsItIsAndLaterOnesAreReducedInOrder() {
        ReducerChannel log = piped();
        assertTrue(step(log, "a"));
        assertValue("a", log);
        assertTrue(step(log, "b", "c"));
        assertValue("a|b|c", log);
    }

    @Test
    void severalFirstWritesInOneStep() {
        ReducerChannel log = piped();
        assertTrue(step(log, "a", "b", "c"));
        assertValue("a|b|c", log);
    }

    @Test
    void writesAreReducedIntoTheInitialValue() {
        ReducerChannel items = list();
        assertTrue(step(items, List.of(1), List.of(2, 3)));
        assertValue(List.of(1, 2, 3), items);
        assertTrue(step(items, List.of(4)));
        assertValue(List.of(1, 2, 3, 4), items);
    }

    @Test
    void aStepWithoutWritesChangesNothing() {
        ReducerChannel items = list();
        assertFalse(emptyStep(items));
        assertValue(List.of(), items);
        assertFalse(emptyStep(piped()));
    }

    @Test
    void aNonEmptyStepReportsAChangeEvenIfTheValueIsTheSame() {
        ReducerChannel items = list();
        assertTrue(step(items, List.of()));
        assertValue(List.of(), items);
    }

    @Test
    void overwriteReplacesTheValue() {
        ReducerChannel items = list();
        step(items, List.of(1, 2));
        assertTrue(step(items, new Overwrite<>(List.of(9))));
        assertValue(List.of(9), items);
    }

    @Test
    void writesBeforeAnOverwriteAreDiscardedAndWritesAfterItIgnored() {
        ReducerChannel items = list();
        step(items, List.of(0));
        assertTrue(step(items, List.of(1), new Overwrite<>(List.of(9)), List.of(2)));
        assertValue(List.of(9), items);
    }

    @Test
    void overwriteOfAnEmptyChannelStoresTheUnwrappedValue() {
        // Python stores a first-ever write as it is, even an Overwrite; LangGraph.js and we unwrap it.
        ReducerChannel log = piped();
        assertTrue(step(log, new Overwrite<>("x"), "ignored"));
        assertValue("x", log);
    }

    @Test
    void twoOverwritesInOneStepAreRejectedWithoutAnErrorCode() {
        ReducerChannel items = list();
        step(items, List.of(1));
        InvalidUpdateException e =
                assertRejected(Optional.empty(), items, new Overwrite<>(List.of(2)), new Overwrite<>(List.of("x")));
        assertEquals(
                "Invalid update for channel \"items\" with values [{\"__overwrite__\":[2]},{\"__overwrite__\":[\"x\"]}]:"
                        + " Can receive only one Overwrite value per step.",
                e.getMessage());
    }

    @Test
    void theReducerNeverSeesAnOverwrite() {
        List<Object> seen = new ArrayList<>();
        ReduceFunction<Object> recording = (current, update) -> {
            seen.add(update);
            return update;
        };
        ReducerChannel channel = new ReducerChannel("c", recording, "start");
        step(channel, "a", new Overwrite<>("b"), "c");
        assertEquals(List.of("a"), seen);
        assertValue("b", channel);
    }

    @Test
    void consumeAndFinishDoNothing() {
        ReducerChannel items = list();
        step(items, List.of(1));
        assertFalse(items.consume());
        assertFalse(items.finish());
        assertValue(List.of(1), items);
    }

    @Test
    void checkpointRoundTrip() {
        ReducerChannel items = list();
        step(items, List.of(1, 2));
        assertEquals(List.of(1, 2), items.checkpoint());

        ReducerChannel restored = roundTrip(items, list());
        assertValue(List.of(1, 2), restored);
        step(restored, List.of(3));
        assertValue(List.of(1, 2, 3), restored);
        assertValue(List.of(1, 2), items);
    }

    @Test
    void anEmptyChannelRestoresEmptyAndThenStoresTheFirstWriteAsItIs() {
        ReducerChannel restored = roundTrip(piped(), piped());
        assertEmpty(restored);
        step(restored, "a");
        assertValue("a", restored);
    }

    @Test
    void copyIsIndependent() {
        ReducerChannel items = list();
        step(items, List.of(1));
        Channel copy = items.copy();
        assertEquals("items", copy.name());
        assertValue(List.of(1), copy);

        step(copy, List.of(2));
        assertValue(List.of(1), items);
        step(items, new Overwrite<>(List.of()));
        assertValue(List.of(1, 2), copy);
    }

    @Test
    void copyKeepsTheReducer() {
        ReducerChannel log = piped();
        step(log, "a");
        Channel copy = log.copy();
        step(copy, "b");
        assertValue("a|b", copy);
    }
}
