package dev.switchboard.runtime.channel;

import java.util.ArrayList;
import java.util.List;

/** Formats written values for error messages the way LangGraph.js does: a JSON-like list. */
final class Writes {
    private Writes() {}

    static String describe(List<?> values) {
        List<String> parts = new ArrayList<>(values.size());
        for (Object v : values) {
            parts.add(describe(v));
        }
        return "[" + String.join(",", parts) + "]";
    }

    private static String describe(Object v) {
        if (v instanceof String s) {
            return '"' + s + '"';
        }
        if (v instanceof dev.switchboard.runtime.Overwrite<?> o) {
            return "{\"" + dev.switchboard.runtime.Overwrite.WIRE_KEY + "\":" + describe(o.value()) + "}";
        }
        if (v instanceof List<?> l) {
            return describe(l);
        }
        return String.valueOf(v);
    }
}
