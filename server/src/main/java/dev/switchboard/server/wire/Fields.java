package dev.switchboard.server.wire;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the fields of a request body as LangGraph Server's schemas (zod) type them, each wrong type
 * answered with zod's issue (400): a field absent or null is the default, any other JSON type than
 * the one expected is refused before anything is done with the request.
 */
public final class Fields {
    /** A canonical UUID: 8-4-4-4-12 hex digits (as zod checks it; {@code 1-1-1-1-1} is none). */
    private static final Pattern UUID =
            Pattern.compile("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

    private Fields() {}

    private static JsonNode present(JsonNode body, String field) {
        JsonNode n = body.get(field);
        return n == null || n.isNull() ? null : n;
    }

    /**
     * A string field.
     *
     * @param body the body
     * @param field the field
     * @return its value, or null when absent or null
     */
    public static String string(JsonNode body, String field) {
        JsonNode n = present(body, field);
        if (n == null) {
            return null;
        }
        if (!n.isString()) {
            throw ApiException.invalidType(List.of(field), "string", n);
        }
        return n.asString();
    }

    /**
     * An object field, copied.
     *
     * @param body the body
     * @param field the field
     * @return its value, empty when absent or null
     */
    public static ObjectNode object(JsonNode body, String field) {
        JsonNode n = present(body, field);
        if (n == null) {
            return Json.object();
        }
        if (!n.isObject()) {
            throw ApiException.invalidType(List.of(field), "object", n);
        }
        return (ObjectNode) n.deepCopy();
    }

    /**
     * A boolean field.
     *
     * @param body the body
     * @param field the field
     * @return its value, or null when absent or null
     */
    public static Boolean bool(JsonNode body, String field) {
        JsonNode n = present(body, field);
        if (n == null) {
            return null;
        }
        if (!n.isBoolean()) {
            throw ApiException.invalidType(List.of(field), "boolean", n);
        }
        return n.asBoolean();
    }

    /**
     * An integer field within bounds.
     *
     * @param body the body
     * @param path the field's path (its last step names it in {@code body})
     * @param min the least value allowed
     * @param max the greatest value allowed
     * @return its value, or null when absent or null
     */
    public static Integer integer(JsonNode body, List<String> path, long min, long max) {
        JsonNode n = present(body, path.get(path.size() - 1));
        if (n == null) {
            return null;
        }
        if (!n.isNumber()) {
            throw ApiException.invalidType(path, "number", n);
        }
        if (!n.isIntegralNumber() && n.decimalValue().stripTrailingZeros().scale() > 0) {
            throw ApiException.invalidType(path, "integer", n);
        }
        if (n.decimalValue().compareTo(java.math.BigDecimal.valueOf(min)) < 0) {
            throw ApiException.issue(400, path, "too_small", "Number must be greater than or equal to " + min);
        }
        if (n.decimalValue().compareTo(java.math.BigDecimal.valueOf(max)) > 0) {
            throw ApiException.issue(400, path, "too_big", "Number must be less than or equal to " + max);
        }
        return n.decimalValue().intValueExact();
    }

    /**
     * A string field that must be one of {@code options}.
     *
     * @param body the body
     * @param field the field
     * @param options the values allowed, in the order the error lists them
     * @param dflt the value when absent or null
     * @return the value
     */
    public static String oneOf(JsonNode body, String field, Collection<String> options, String dflt) {
        JsonNode n = present(body, field);
        if (n == null) {
            return dflt;
        }
        if (!n.isString() || !options.contains(n.asString())) {
            throw ApiException.invalidEnum(List.of(field), options, n);
        }
        return n.asString();
    }

    /**
     * An array of strings.
     *
     * @param body the body
     * @param field the field
     * @return the strings, or null when absent or null
     */
    public static List<String> strings(JsonNode body, String field) {
        JsonNode n = present(body, field);
        if (n == null) {
            return null;
        }
        if (!n.isArray()) {
            throw ApiException.invalidType(List.of(field), "array", n);
        }
        List<String> out = new ArrayList<>(n.size());
        for (int i = 0; i < n.size(); i++) {
            JsonNode item = n.get(i);
            if (!item.isString()) {
                throw ApiException.invalidType(List.of(field, i), "string", item);
            }
            out.add(item.asString());
        }
        return out;
    }

    /**
     * A UUID field, in canonical form.
     *
     * @param body the body
     * @param field the field
     * @return its value, or null when absent or null
     */
    public static String uuid(JsonNode body, String field) {
        String v = string(body, field);
        if (v != null) {
            checkUuid(v, field);
        }
        return v;
    }

    /**
     * Refuses an id that is not a canonical UUID (LangGraph's path parameters and ids are).
     *
     * @param id the id
     * @param field the field or path parameter it came from
     */
    public static void checkUuid(String id, String field) {
        if (!isUuid(id)) {
            throw ApiException.invalidUuid(field);
        }
    }

    /**
     * Whether an id is a canonical UUID.
     *
     * @param id the id, or null
     * @return true for 8-4-4-4-12 hex digits
     */
    public static boolean isUuid(String id) {
        return id != null && UUID.matcher(id).matches();
    }
}
