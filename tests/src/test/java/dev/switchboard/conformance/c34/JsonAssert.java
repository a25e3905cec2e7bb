package dev.switchboard.conformance.c34;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.conformance.Oracle;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Comparisons with generated ids renumbered, and JS error classes and codes dropped. */
final class JsonAssert {
    private JsonAssert() {}

    static void sameIgnoringIds(Oracle oracle, Object actual, Object... path) {
        JsonNode expected = Oracle.normalizeIds(Oracle.comparable(oracle.at(path)));
        if (expected instanceof ObjectNode o) {
            // A JS artefact: its reducer writes ids onto the caller's objects; ours are immutable.
            o.remove("caller_objects_got_the_same_ids");
        }
        assertEquals(
                expected, Oracle.normalizeIds(Oracle.comparable(Oracle.json(actual))), () -> "fact " + List.of(path));
    }

    static void sameAs(Object actual, Object expected) {
        assertEquals(Oracle.normalizeIds(Oracle.json(expected)), Oracle.normalizeIds(Oracle.json(actual)));
    }

    static void factsIgnoringIds(Oracle oracle, String group, Map<String, Object> facts) {
        for (Map.Entry<String, Object> e : facts.entrySet()) {
            sameIgnoringIds(oracle, e.getValue(), group, e.getKey());
        }
    }
}
