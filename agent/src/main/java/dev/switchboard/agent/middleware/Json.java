package dev.switchboard.agent.middleware;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.json.JsonMapper;

/** JSON for the built-in middleware: tool arguments as maps, compact and indented text. */
final class Json {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
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

    static String compact(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /** Two-space indented JSON, as JavaScript's {@code JSON.stringify(value, null, 2)} writes it. */
    static String indented(Object value) {
        return MAPPER.writer().with(INDENTED).writeValueAsString(value);
    }
}
