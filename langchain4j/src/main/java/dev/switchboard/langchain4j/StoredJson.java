package dev.switchboard.langchain4j;

import dev.switchboard.runtime.serde.SerdeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Strict reads of stored message JSON: a property of the wrong JSON type is an error, never coerced. */
final class StoredJson {
    private StoredJson() {}

    static JsonNode object(JsonNode node, String what) {
        if (node == null || !node.isObject()) {
            throw new SerdeException("stored " + what + " is not a JSON object: " + brief(node), null);
        }
        return node;
    }

    static String string(JsonNode node, String field, String what) {
        String s = optionalString(node, field, what);
        if (s == null) {
            throw new SerdeException("stored " + what + " has no \"" + field + "\"", null);
        }
        return s;
    }

    static String optionalString(JsonNode node, String field, String what) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isString()) {
            throw new SerdeException(
                    "stored " + what + " has a \"" + field + "\" that is not a string: " + brief(v), null);
        }
        return v.asString();
    }

    static List<JsonNode> array(JsonNode node, String field, String what) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return List.of();
        }
        if (!v.isArray()) {
            throw new SerdeException(
                    "stored " + what + " has a \"" + field + "\" that is not an array: " + brief(v), null);
        }
        List<JsonNode> out = new ArrayList<>();
        v.forEach(out::add);
        return out;
    }

    /** A JSON object as plain Java values: strings, numbers, booleans, nulls, maps and lists. */
    static Map<String, Object> plainObject(JsonNode node, String field, String what) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Map.of();
        }
        if (!v.isObject()) {
            throw new SerdeException(
                    "stored " + what + " has a \"" + field + "\" that is not an object: " + brief(v), null);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        v.properties().forEach(e -> out.put(e.getKey(), plain(e.getValue())));
        return out;
    }

    private static Object plain(JsonNode v) {
        if (v.isObject()) {
            Map<String, Object> m = new LinkedHashMap<>();
            v.properties().forEach(e -> m.put(e.getKey(), plain(e.getValue())));
            return m;
        }
        if (v.isArray()) {
            List<Object> l = new ArrayList<>();
            v.forEach(x -> l.add(plain(x)));
            return l;
        }
        if (v.isString()) {
            return v.asString();
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        if (v.isIntegralNumber()) {
            return v.canConvertToLong() ? (Object) v.asLong() : v.bigIntegerValue();
        }
        if (v.isNumber()) {
            return v.asDouble();
        }
        return null;
    }

    static String brief(JsonNode node) {
        String s = String.valueOf(node);
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}
