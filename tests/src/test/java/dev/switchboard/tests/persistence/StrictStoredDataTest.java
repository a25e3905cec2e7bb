package dev.switchboard.tests.persistence;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.SerdeLimits;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

record Part(String name, int qty) {}

record Shelf(
        @Reducer(Append.class) List<String> items,
        @Reducer(Sum.class) int count,
        Integer maybe,
        String text,
        Part part,
        double ratio,
        Map<String, Object> extra) {}

/** START -> stock, which appends a list holding a null. */
class Stocker {
    @Node
    @Edge(from = START)
    ShelfUpdate stock(Shelf s) {
        return ShelfUpdate.of().items(Arrays.asList("b", null)).count(1);
    }
}

/**
 * Checkpointed data that does not match the state's schema is refused with the channel and the
 * mismatch named, whatever the channel's kind; limits are named too; and a null list element,
 * which LangGraph keeps, survives reducers and checkpoints.
 */
class StrictStoredDataTest {
    private final MemorySaver saver = new MemorySaver();

    private StockerGraph graph() {
        return StockerGraph.builder(new Stocker()).checkpointer(saver).build();
    }

    /** Stores a checkpoint whose one channel holds the given JSON, as a corrupt store would. */
    private void plant(String thread, String channel, String json) {
        plant(thread, Map.of(channel, json));
    }

    /** Stores a checkpoint whose channels hold the given JSON. */
    private void plant(String thread, Map<String, String> jsonByChannel) {
        String version = ChannelVersion.format(1, "x");
        Map<String, ChannelVersion> versions = new java.util.HashMap<>();
        List<Blob> blobs = new java.util.ArrayList<>();
        jsonByChannel.forEach((channel, json) -> {
            versions.put(channel, new ChannelVersion(version, version, json.length(), 0));
            byte[] data = json.getBytes(StandardCharsets.UTF_8);
            blobs.add(new Blob(channel, version, version, "", Blob.Kind.SNAPSHOT, data));
        });
        Checkpoint cp = new Checkpoint(
                Checkpoint.FORMAT_VERSION,
                "00000000-0000-7000-8000-000000000001",
                Instant.now(),
                versions,
                Map.of(),
                1);
        saver.put(
                thread,
                "",
                cp,
                new CheckpointMetadata(CheckpointMetadata.Source.LOOP, 0, Map.of(), Map.of()),
                null,
                null,
                blobs);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "items | null             | null, which a REDUCER channel of List<String> never holds",
                "items | ``               | No content",
                "items | [1]              | Integer value (1)",
                "items | {}               | Object value",
                "count | null             | not a valid int: null",
                "count | `\"12\"`         | String value (\"12\")",
                "count | 1.9              | Floating-point value (1.9)",
                "text  | 12               | Integer value (12)",
                "text  | true             | Boolean value (true)",
                "maybe | `\"7\"`          | String value (\"7\")",
                "part  | `{\"name\":\"a\"}` | 'qty'",
                "part  | `{\"name\":\"a\",\"qty\":\"1\"}` | String value (\"1\")",
                "ratio | 1e999999999      | too large for a double",
                "ratio | null             | not a valid double: null",
            })
    void storedDataThatDoesNotMatchTheSchemaIsRefused(String channel, String json, String mismatch) {
        plant("bad-" + channel + json.hashCode(), channel, json);
        SerdeException e = assertThrows(
                SerdeException.class, () -> graph().getState(RunConfig.thread("bad-" + channel + json.hashCode())));
        assertTrue(e.getMessage().startsWith("channel '" + channel + "': stored data is not a valid "), e.getMessage());
        assertTrue(e.getMessage().contains(mismatch), e.getMessage());
    }

    @Test
    void nullIsReadBackWhereTheChannelCanHoldIt() {
        plant("null-ok", "maybe", "null");
        assertNull(graph().getState(RunConfig.thread("null-ok")).values().maybe());
        plant("null-text", "text", "null");
        assertNull(graph().getState(RunConfig.thread("null-text")).values().text());
    }

    @Test
    void aBrokenLimitIsNamedWithTheChannel() {
        StockerGraph strict = StockerGraph.builder(new Stocker())
                .checkpointer(saver)
                .serdeLimits(new SerdeLimits(1 << 20, 16, 100, 50))
                .build();
        plant("tokens", "items", "[" + "\"a\",".repeat(100) + "\"a\"]");
        SerdeException e = assertThrows(SerdeException.class, () -> strict.getState(RunConfig.thread("tokens")));
        assertEquals("channel 'items': stored value exceeds SerdeLimits.maxTokens = 50 JSON tokens", e.getMessage());
        plant("deep", "extra", "{\"k\":" + "[".repeat(20) + "]".repeat(20) + "}");
        e = assertThrows(SerdeException.class, () -> strict.getState(RunConfig.thread("deep")));
        assertEquals("channel 'extra': stored value exceeds SerdeLimits.maxNestingDepth = 16", e.getMessage());
        // A typed channel refuses deep data sooner, at the first value that does not fit.
        plant("deep-typed", "part", "{\"name\":" + "[".repeat(20) + "]".repeat(20) + "}");
        e = assertThrows(SerdeException.class, () -> strict.getState(RunConfig.thread("deep-typed")));
        assertTrue(e.getMessage().startsWith("channel 'part': stored data is not a valid Part"), e.getMessage());
        plant("long", "text", "\"" + "y".repeat(500) + "\"");
        e = assertThrows(SerdeException.class, () -> strict.getState(RunConfig.thread("long")));
        assertEquals(
                "channel 'text': stored value exceeds SerdeLimits.maxStringLength = 100 characters", e.getMessage());
    }

    @Test
    void theChannelsOfOneCheckpointShareOneTokenBudget() {
        StockerGraph strict = StockerGraph.builder(new Stocker())
                .checkpointer(saver)
                .serdeLimits(new SerdeLimits(1 << 20, 16, 100, 50))
                .build();
        String thirty = "[" + "\"a\",".repeat(29) + "\"a\"]"; // 32 tokens: each channel alone fits
        plant("shared", Map.of("items", thirty, "extra", "{\"k\":" + thirty + "}"));
        SerdeException e = assertThrows(SerdeException.class, () -> strict.getState(RunConfig.thread("shared")));
        assertTrue(
                e.getMessage().endsWith("stored values read together exceed SerdeLimits.maxTokens = 50 JSON tokens"),
                e.getMessage());
        plant("alone", "items", thirty);
        assertEquals(
                30, strict.getState(RunConfig.thread("alone")).values().items().size());
    }

    @Test
    void aNullListElementIsKeptThroughTheReducerAndTheCheckpointAsInLangGraph() {
        RunConfig cfg = RunConfig.thread("nulls");
        List<String> live = graph().invoke(ShelfUpdate.of().items(Arrays.asList(null, "a")), cfg)
                .value()
                .items();
        assertEquals(Arrays.asList(null, "a", "b", null), live);
        // Again on the same thread: the list is then stored as a snapshot plus a delta.
        graph().invoke(ShelfUpdate.of().items(List.of("c")), cfg);
        assertEquals(
                Arrays.asList(null, "a", "b", null, "c", "b", null),
                graph().getState(cfg).values().items());
    }
}
