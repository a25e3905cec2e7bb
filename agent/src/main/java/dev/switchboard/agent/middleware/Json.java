package dev.switchboard.agent.middleware;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** JSON for the built-in middleware: tool arguments as maps, compact and indented text. */
final class Json {
    /** Fractions read as written, so that an amount goes through a review unchanged ({@code 5.00}). */
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private static final DefaultPrettyPrinter INDENTED = new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance().withObjectNameValueSpacing(Separators.Spacing.AFTER));

    private Json() {}

    /** A tool call's arguments as a map; {@code {}} for none. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> args(String arguments) {
        if (arguments == null || arguments.isBlank()) {
            return new LinkedHashMap<>();
        }
        Object v = MAPPER.readValue(arguments, Object.class);
        if (!(v instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("tool call arguments are not a JSON object: " + arguments);
        }
        return (Map<String, Object>) v;
    }

    /**
     * Edited arguments with each text value that stands for a non-text original read back as the
     * original's kind: agent-chat-ui's review form edits every argument as text, so an edited amount
     * {@code 12.5} comes back as {@code "12.5"} (LangChain's Python tools, on pydantic, read it as a
     * number). A text that does not parse as the original's kind stays text, and the tool's argument
     * check reports it to the model.
     */
    static Map<String, Object> retyped(Map<String, Object> original, Map<String, Object> edited) {
        Map<String, Object> out = new LinkedHashMap<>(edited);
        edited.forEach((key, value) -> {
            Object was = original.get(key);
            if (value instanceof String text && was != null && !(was instanceof String)) {
                Object parsed;
                try {
                    parsed = MAPPER.readValue(text, Object.class);
                } catch (RuntimeException e) {
                    return; // not JSON: left as the reviewer wrote it
                }
                if (sameKind(was, parsed)) {
                    out.put(key, parsed);
                }
            }
        });
        return out;
    }

    private static boolean sameKind(Object a, Object b) {
        return a instanceof Number && b instanceof Number
                || a instanceof Boolean && b instanceof Boolean
                || a instanceof Map && b instanceof Map
                || a instanceof List && b instanceof List;
    }

    static String compact(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /** Two-space indented JSON, as JavaScript's {@code JSON.stringify(value, null, 2)} writes it. */
    static String indented(Object value) {
        return MAPPER.writer().with(INDENTED).writeValueAsString(value);
    }
}
