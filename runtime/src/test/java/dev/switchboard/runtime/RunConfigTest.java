package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunConfigTest {
    @Test
    void defaultsAreLangGraphsRecursionLimitAndNoValues() {
        RunConfig defaults = RunConfig.defaults();
        assertEquals(25, RunConfig.DEFAULT_RECURSION_LIMIT);
        assertEquals(25, defaults.recursionLimit());
        assertEquals(Map.of(), defaults.configurable());
        assertSame(defaults, RunConfig.defaults());
        assertEquals(java.util.Optional.empty(), defaults.threadId());
        assertEquals(java.util.Optional.empty(), defaults.checkpointId());
        assertEquals(Durability.SYNC, defaults.durability());
        assertEquals(Map.of(), defaults.metadata());
        assertEquals(
                "RunConfig[thread=null, checkpoint=null, recursionLimit=25, durability=SYNC, interruptBefore=null,"
                        + " interruptAfter=null, metadata={}, configurable={}]",
                defaults.toString());
    }

    @Test
    void threadAndCheckpointIdsThatDatabasesCannotStoreAreRejected() {
        IllegalArgumentException surrogate =
                assertThrows(IllegalArgumentException.class, () -> RunConfig.thread("user-\uD800"));
        assertEquals(
                "thread id \"user-\\uD800\" holds the unpaired surrogate U+D800 at index 5; checkpoint keys must"
                        + " be well-formed Unicode without NUL, since databases store them as UTF-8 text, where such"
                        + " a key cannot be stored or would be confused with another",
                surrogate.getMessage());
        IllegalArgumentException nul = assertThrows(
                IllegalArgumentException.class, () -> RunConfig.thread("t").withCheckpointId("cp\u0000"));
        assertTrue(nul.getMessage().startsWith("checkpoint id \"cp\\u0000\" holds NUL (U+0000) at index 2;"));
        assertThrows(IllegalArgumentException.class, () -> RunConfig.defaults().withThread("\uDC00\uD800"));
        assertEquals(
                Optional.of("user-\uD83D\uDE00"),
                RunConfig.thread("user-\uD83D\uDE00").threadId());
    }

    @Test
    void recursionLimitMustBeAtLeastOne() {
        IllegalArgumentException zero = assertThrows(
                IllegalArgumentException.class, () -> RunConfig.defaults().withRecursionLimit(0));
        assertEquals("recursionLimit must be at least 1, was 0", zero.getMessage());
        IllegalArgumentException negative = assertThrows(
                IllegalArgumentException.class, () -> RunConfig.defaults().withRecursionLimit(-3));
        assertEquals("recursionLimit must be at least 1, was -3", negative.getMessage());
        assertEquals(1, RunConfig.defaults().withRecursionLimit(1).recursionLimit());
    }

    @Test
    void withRecursionLimitReturnsACopyThatKeepsTheValues() {
        RunConfig base = RunConfig.defaults().with("user", "ada");
        RunConfig limited = base.withRecursionLimit(5);
        assertNotSame(base, limited);
        assertEquals(5, limited.recursionLimit());
        assertEquals(25, base.recursionLimit());
        assertEquals(Map.of("user", "ada"), limited.configurable());
    }

    @Test
    void withReturnsACopyThatKeepsTheLimit() {
        RunConfig base = RunConfig.defaults().withRecursionLimit(7);
        RunConfig one = base.with("a", 1);
        RunConfig two = one.with("b", 2).with("a", 10);
        assertEquals(Map.of(), base.configurable());
        assertEquals(Map.of("a", 1), one.configurable());
        assertEquals(Map.of("a", 10, "b", 2), two.configurable());
        assertEquals(7, two.recursionLimit());
        assertEquals(Optional.of(10), two.get("a"));
        assertEquals(Optional.empty(), two.get("missing"));
    }

    @Test
    void configurableIsUnmodifiable() {
        assertThrows(
                UnsupportedOperationException.class,
                () -> RunConfig.defaults().configurable().put("x", 1));
        RunConfig config = RunConfig.defaults().with("a", 1);
        assertThrows(
                UnsupportedOperationException.class, () -> config.configurable().put("x", 1));
        assertThrows(
                UnsupportedOperationException.class, () -> config.configurable().remove("a"));
    }

    @Test
    void nullsAreRejectedWithTheParameterName() {
        assertEquals(
                "key",
                assertThrows(
                                NullPointerException.class,
                                () -> RunConfig.defaults().with(null, 1))
                        .getMessage());
        assertEquals(
                "value",
                assertThrows(
                                NullPointerException.class,
                                () -> RunConfig.defaults().with("a", null))
                        .getMessage());
    }

    @Test
    void aThreadMetadataKeyNoSaverCanStoreIsRefusedWhenGivenNotAtTheFirstCheckpoint() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> RunConfig.thread("t").withThreadMetadata("us\u0000er", "u-42"));
        assertTrue(
                e.getMessage().startsWith("thread metadata key \"us\\u0000er\" holds NUL (U+0000) at index 2"),
                e.getMessage());
        assertEquals(
                Map.of("user", "u-42"),
                RunConfig.thread("t").withThreadMetadata("user", "u-42").threadMetadata());
    }
}
