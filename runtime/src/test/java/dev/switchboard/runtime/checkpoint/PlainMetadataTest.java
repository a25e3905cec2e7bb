package dev.switchboard.runtime.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.serde.SerdeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Metadata of just a source and a step is read without a JSON tree, and every other document,
 * well-formed or not, decodes to the same metadata, or fails with the same message, as through
 * the tree.
 */
class PlainMetadataTest {
    private static final String[] VALUES = {
        "\"loop\"", "\"input\"", "\"update\"", "\"fork\"", "\"bogus\"", "\"\"", "0", "-1", "3", "2147483647",
        "2147483648", "-2147483648", "-2147483649", "1.0", "1e2", "null", "true", "{}", "[]", "{\"a\":\"b\"}",
    };
    private static final String[] FIELDS = {"source", "step", "parents", "extra", "other", "Source"};

    @Test
    void sourceAndStepAloneAreReadWithoutATree() {
        for (CheckpointMetadata.Source source : CheckpointMetadata.Source.values()) {
            for (int step : new int[] {Integer.MIN_VALUE, -1, 0, 7, Integer.MAX_VALUE}) {
                CheckpointMetadata m = new CheckpointMetadata(source, step, Map.of(), Map.of());
                CheckpointMetadata plain = CheckpointJson.plainMetadata(CheckpointJson.encode(m));
                assertNotNull(plain, CheckpointJson.encode(m));
                assertEquals(m, plain);
            }
        }
    }

    @Test
    void everyOtherDocumentDecodesAsTheTreeDecodesIt() {
        int plain = 0;
        for (String json : documents()) {
            plain += CheckpointJson.plainMetadata(json) == null ? 0 : 1;
            assertEquals(
                    outcome(() -> CheckpointJson.metadataTree(json)),
                    outcome(() -> CheckpointJson.decodeMetadata(json)),
                    json);
        }
        assertTrue(plain > 20, plain + " plain documents");
    }

    private static List<String> documents() {
        List<String> out = new ArrayList<>();
        for (String f1 : FIELDS) {
            for (String v1 : VALUES) {
                out.add("{\"" + f1 + "\":" + v1 + "}");
                for (String f2 : FIELDS) {
                    for (String v2 : VALUES) {
                        out.add("{\"" + f1 + "\":" + v1 + ",\"" + f2 + "\":" + v2 + "}");
                    }
                }
            }
        }
        String loop = "{\"source\":\"loop\",\"step\":3}";
        out.addAll(List.of(loop + " ", loop + "{}", loop + "x", "[" + loop + "]", "", "null", "{\"source\":\"loop\""));
        out.add("{\"source\":\"loop\",\"step\":3,\"parents\":{\"\":\"cp\"},\"extra\":{\"k\":1}}");
        return out;
    }

    private static Object outcome(java.util.function.Supplier<CheckpointMetadata> decode) {
        try {
            return decode.get();
        } catch (SerdeException e) {
            return "SerdeException: " + e.getMessage();
        }
    }
}
