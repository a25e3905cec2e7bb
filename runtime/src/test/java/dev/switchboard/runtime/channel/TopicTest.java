package dev.switchboard.runtime.channel;

import static dev.switchboard.runtime.channel.ChannelAssertions.assertEmpty;
import static dev.switchboard.runtime.channel.ChannelAssertions.assertValue;
import static dev.switchboard.runtime.channel.ChannelAssertions.emptyStep;
import static dev.switchboard.runtime.channel.ChannelAssertions.roundTrip;
import static dev.switchboard.runtime.channel.ChannelAssertions.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** LangGraph's {@code Topic}: a pub-sub list, cleared every step unless it accumulates. */
class TopicTest {
    private final Topic topic = new Topic("sends", false);
    private final Topic accumulating = new Topic("log", true);

    @Test
    void startsEmptyAndStoresNothing() {
        assertEmpty(topic);
        // Python stores an empty list here; MISSING restores to the same empty topic.
        assertSame(Channel.MISSING, topic.checkpoint());
        assertFalse(emptyStep(topic));
        assertEmpty(topic);
    }

    @Test
    void collectsEveryWriteOfAStepInOrderIncludingDuplicates() {
        assertTrue(step(topic, "a", "b", "a"));
        assertValue(List.of("a", "b", "a"), topic);
    }

    @Test
    void aWrittenListAddsItsElementsOneLevelDeep() {
        assertTrue(step(topic, "a", List.of("b", "c"), List.of(List.of("d"))));
        assertValue(List.of("a", "b", "c", List.of("d")), topic);
    }

    @Test
    void withoutAccumulateEachStepReplacesThePreviousValues() {
        step(topic, "a");
        assertTrue(step(topic, "b"));
        assertValue(List.of("b"), topic);
    }

    @Test
    void withoutAccumulateAStepWithoutWritesClears() {
        step(topic, "a");
        assertTrue(emptyStep(topic));
        assertEmpty(topic);
        assertFalse(emptyStep(topic));
    }

    @Test
    void writingOnlyEmptyListsIsNoWrite() {
        assertFalse(step(topic, List.of(), List.of()));
        assertEmpty(topic);

        step(topic, "a");
        assertTrue(step(topic, List.of()), "the old values were cleared");
        assertEmpty(topic);

        step(accumulating, "a");
        assertFalse(step(accumulating, List.of()));
        assertValue(List.of("a"), accumulating);
    }

    @Test
    void withAccumulateValuesAreKeptAcrossSteps() {
        assertTrue(step(accumulating, "a"));
        assertTrue(step(accumulating, "b", List.of("c")));
        assertValue(List.of("a", "b", "c"), accumulating);
        assertFalse(emptyStep(accumulating));
        assertValue(List.of("a", "b", "c"), accumulating);
    }

    @Test
    void theValueIsAnUnmodifiableSnapshot() {
        step(accumulating, "a");
        @SuppressWarnings("unchecked")
        List<Object> read = (List<Object>) accumulating.get();
        assertThrows(UnsupportedOperationException.class, () -> read.add("x"));
        step(accumulating, "b");
        assertEquals(List.of("a"), read);
    }

    @Test
    void aWrittenListIsCopied() {
        List<Object> written = new ArrayList<>(List.of("a"));
        step(topic, written);
        written.add("b");
        assertValue(List.of("a"), topic);
    }

    @Test
    void consumeAndFinishDoNothing() {
        step(topic, "a");
        assertFalse(topic.consume());
        assertFalse(topic.finish());
        assertValue(List.of("a"), topic);
    }

    @Test
    void checkpointRoundTrip() {
        step(accumulating, "a", "b");
        assertEquals(List.of("a", "b"), accumulating.checkpoint());

        Topic restored = roundTrip(accumulating, new Topic("log", true));
        assertValue(List.of("a", "b"), restored);
        step(restored, "c");
        assertValue(List.of("a", "b", "c"), restored);
        assertValue(List.of("a", "b"), accumulating);
    }

    @Test
    void restoreCopiesTheStoredList() {
        List<Object> stored = new ArrayList<>(List.of("a"));
        Topic restored = new Topic("sends", false);
        restored.restore(stored);
        stored.add("b");
        assertValue(List.of("a"), restored);
        assertTrue(emptyStep(restored), "a restored non-accumulating topic still clears");
        assertEmpty(restored);
    }

    @Test
    void copyIsIndependentAndKeepsTheMode() {
        step(accumulating, "a");
        Channel copy = accumulating.copy();
        assertEquals("log", copy.name());
        step(copy, "b");
        assertValue(List.of("a", "b"), copy);
        assertValue(List.of("a"), accumulating);

        step(topic, "a");
        Channel plainCopy = topic.copy();
        assertTrue(emptyStep(plainCopy));
        assertEmpty(plainCopy);
        assertValue(List.of("a"), topic);
    }
}
