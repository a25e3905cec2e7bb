package dev.switchboard.runtime.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Metadata is written as a stream, its extra values reused when the same map comes again, and the
 * text is byte for byte what the tree it replaced wrote: for every source, parents or none, scalar
 * and nested extra values, text outside ASCII (a lone surrogate too), and a map whose nested list
 * changed between two checkpoints (not reused).
 */
class MetadataEncodingTest {
    private static final JsonMapper TREE =
            JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    /** How metadata was written before: through a tree. */
    private static String viaTree(CheckpointMetadata metadata) {
        ObjectNode root = TREE.createObjectNode();
        root.put("source", metadata.source().wireName());
        root.put("step", metadata.step());
        if (!metadata.parents().isEmpty()) {
            ObjectNode parents = root.putObject("parents");
            metadata.parents().forEach(parents::put);
        }
        if (!metadata.extra().isEmpty()) {
            root.set("extra", TREE.valueToTree(metadata.extra()));
        }
        return TREE.writeValueAsString(root);
    }

    @Test
    void everyMetadataIsWrittenAsTheTreeWroteIt() {
        Map<String, Object> scalars = new LinkedHashMap<>();
        scalars.put("run_id", "1ef-run");
        scalars.put("run_attempt", 1);
        scalars.put("big", Long.MAX_VALUE);
        scalars.put("huge", new BigInteger("123456789012345678901234567890"));
        scalars.put("price", new BigDecimal("120.50"));
        scalars.put("exp", new BigDecimal("1E+3"));
        scalars.put("ratio", 0.1);
        scalars.put("negative_zero", -0.0);
        scalars.put("f", 1.5f);
        scalars.put("yes", true);
        scalars.put("text", "caf\u00e9 \u2603 \ud83d\ude00 \"quoted\" \\ \n");
        scalars.put("lone", "\ud800");
        scalars.put("", "empty key");
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("list", List.of(1, "two", 3.0));
        nested.put("map", Map.of("k", List.of()));
        nested.put("null_in_list", new ArrayList<>(java.util.Arrays.asList(1, null)));
        List<Map<String, Object>> extras = List.of(Map.of(), scalars, nested, Map.of("only", "one"));
        List<Map<String, String>> parentses =
                List.of(Map.of(), Map.of("", "1ef-parent"), Map.of("a:1", "x", "b", "\u00e9"));
        int checked = 0;
        for (CheckpointMetadata.Source source : CheckpointMetadata.Source.values()) {
            for (int step : new int[] {-1, 0, 5, Integer.MAX_VALUE}) {
                for (Map<String, String> parents : parentses) {
                    for (Map<String, Object> extra : extras) {
                        CheckpointMetadata m = new CheckpointMetadata(source, step, parents, extra);
                        // twice: the second time the extra values' text may be reused
                        assertEquals(viaTree(m), CheckpointJson.encode(m));
                        assertEquals(viaTree(m), CheckpointJson.encode(m));
                        checked++;
                    }
                }
            }
        }
        assertEquals(4 * 4 * 3 * 4, checked);
    }

    @Test
    void aMapWhoseNestedValueChangedIsWrittenAnew() {
        List<Object> tags = new ArrayList<>(List.of("a"));
        CheckpointMetadata m =
                new CheckpointMetadata(CheckpointMetadata.Source.LOOP, 1, Map.of(), Map.of("tags", tags));
        assertEquals("{\"source\":\"loop\",\"step\":1,\"extra\":{\"tags\":[\"a\"]}}", CheckpointJson.encode(m));
        tags.add("b");
        assertEquals("{\"source\":\"loop\",\"step\":1,\"extra\":{\"tags\":[\"a\",\"b\"]}}", CheckpointJson.encode(m));
    }

    @Test
    void theSameMapInTheNextCheckpointIsWrittenWithItsStep() {
        Map<String, Object> extra = Map.copyOf(Map.of("run_id", "r1", "n", 2));
        CheckpointMetadata first = new CheckpointMetadata(CheckpointMetadata.Source.INPUT, -1, Map.of(), extra);
        CheckpointMetadata second = new CheckpointMetadata(CheckpointMetadata.Source.LOOP, 0, Map.of(), extra);
        assertEquals(viaTree(first), CheckpointJson.encode(first));
        assertEquals(viaTree(second), CheckpointJson.encode(second));
        assertEquals(
                "{\"source\":\"loop\",\"step\":0,\"extra\":" + TREE.writeValueAsString(TREE.valueToTree(extra)) + "}",
                CheckpointJson.encode(second));
    }
}
