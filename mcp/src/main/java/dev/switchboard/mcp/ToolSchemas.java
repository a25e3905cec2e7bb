package dev.switchboard.mcp;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.json.JsonMapper;

/**
 * An MCP tool's JSON Schema as a LangChain4j {@link ToolSpecification}, losing nothing: each
 * sub-schema that LangChain4j's typed elements express exactly (type, description, enum, items,
 * properties, required, {@code anyOf}, {@code $ref} into
 * {@code $defs}) becomes that element, so providers that map elements to their own schema types
 * can; any other sub-schema (a {@code default}, {@code format}, bounds, {@code oneOf}...) is kept
 * whole as a {@link JsonRawSchema}, which providers send as it is. At the top level, which
 * LangChain4j holds as an object schema, only the object keywords above are kept: the {@code
 * $schema} dialect marker and any other top-level keyword are dropped.
 */
final class ToolSchemas {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<String> SCALAR_KEYS = Set.of("type", "description");
    private static final Set<String> ENUM_KEYS = Set.of("type", "description", "enum");
    private static final Set<String> ARRAY_KEYS = Set.of("type", "description", "items");
    private static final Set<String> OBJECT_KEYS =
            Set.of("type", "description", "properties", "required", "additionalProperties", "$defs");
    private static final Set<String> ANY_OF_KEYS = Set.of("description", "anyOf");
    private static final Set<String> REF_KEYS = Set.of("$ref");
    private static final String DEFS = "#/$defs/";

    private ToolSchemas() {}

    static ToolSpecification specification(McpSchema.Tool tool, String name) {
        ToolSpecification.Builder b = ToolSpecification.builder().name(name).parameters(parameters(tool));
        String description = tool.description() != null ? tool.description() : tool.title();
        return description == null ? b.build() : b.description(description).build();
    }

    static JsonObjectSchema parameters(McpSchema.Tool tool) {
        // LangChain4j's tool parameters are an object schema: its own keywords are kept, any other
        // keyword at the top level (a top-level oneOf, say) cannot be carried and is dropped
        Map<String, Object> schema = new LinkedHashMap<>();
        tool.inputSchema().forEach((k, v) -> {
            if (OBJECT_KEYS.contains(k) && !(k.equals("additionalProperties") && !(v instanceof Boolean))) {
                schema.put(k, v);
            }
        });
        schema.put("type", "object");
        JsonObjectSchema object = object(schema, schema.get("description") instanceof String d ? d : null);
        return object != null ? object : JsonObjectSchema.builder().build();
    }

    private static JsonSchemaElement element(Object node) {
        if (!(node instanceof Map<?, ?> raw)) {
            return JsonRawSchema.from(json(node));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = (Map<String, Object>) raw;
        JsonSchemaElement typed = typed(schema);
        return typed != null ? typed : JsonRawSchema.from(json(schema));
    }

    /** The typed element that says exactly what {@code schema} says, or {@code null}. */
    private static JsonSchemaElement typed(Map<String, Object> schema) {
        String description = schema.get("description") instanceof String d ? d : null;
        if (schema.containsKey("description") && description == null) {
            return null;
        }
        Object type = schema.get("type");
        if (type == null) {
            if (only(schema, REF_KEYS) && schema.get("$ref") instanceof String ref && ref.startsWith(DEFS)) {
                return JsonReferenceSchema.builder()
                        .reference(ref.substring(DEFS.length()))
                        .build();
            }
            if (only(schema, ANY_OF_KEYS) && schema.get("anyOf") instanceof List<?> options) {
                List<JsonSchemaElement> elements = new ArrayList<>();
                options.forEach(o -> elements.add(element(o)));
                return JsonAnyOfSchema.builder()
                        .description(description)
                        .anyOf(elements)
                        .build();
            }
            return null;
        }
        if (schema.containsKey("enum")) {
            return "string".equals(type) && only(schema, ENUM_KEYS) && allStrings(schema.get("enum"))
                    ? JsonEnumSchema.builder()
                            .description(description)
                            .enumValues(strings(schema.get("enum")))
                            .build()
                    : null;
        }
        return switch (type instanceof String t ? t : "") {
            case "string" ->
                only(schema, SCALAR_KEYS)
                        ? JsonStringSchema.builder().description(description).build()
                        : null;
            case "integer" ->
                only(schema, SCALAR_KEYS)
                        ? JsonIntegerSchema.builder().description(description).build()
                        : null;
            case "number" ->
                only(schema, SCALAR_KEYS)
                        ? JsonNumberSchema.builder().description(description).build()
                        : null;
            case "boolean" ->
                only(schema, SCALAR_KEYS)
                        ? JsonBooleanSchema.builder().description(description).build()
                        : null;
            case "null" -> schema.size() == 1 ? new JsonNullSchema() : null;
            case "array" ->
                only(schema, ARRAY_KEYS) && schema.get("items") instanceof Map<?, ?> items
                        ? JsonArraySchema.builder()
                                .description(description)
                                .items(element(items))
                                .build()
                        : null;
            // LangChain4j writes a nested object's additionalProperties only when strict: keep it raw
            case "object" -> schema.containsKey("additionalProperties") ? null : object(schema, description);
            default -> null;
        };
    }

    private static JsonObjectSchema object(Map<String, Object> schema, String description) {
        Object additional = schema.get("additionalProperties");
        boolean plain = only(schema, OBJECT_KEYS)
                && (additional == null || additional instanceof Boolean)
                && (schema.get("properties") == null || schema.get("properties") instanceof Map)
                && (schema.get("required") == null || allStrings(schema.get("required")))
                && (schema.get("$defs") == null || schema.get("$defs") instanceof Map);
        if (!plain) {
            return null;
        }
        JsonObjectSchema.Builder b = JsonObjectSchema.builder()
                .description(description)
                .addProperties(properties(schema.get("properties")))
                .additionalProperties((Boolean) additional);
        if (schema.containsKey("required")) {
            b.required(strings(schema.get("required")));
        }
        if (schema.get("$defs") instanceof Map<?, ?> defs) {
            b.definitions(properties(defs));
        }
        return b.build();
    }

    private static Map<String, JsonSchemaElement> properties(Object node) {
        Map<String, JsonSchemaElement> out = new LinkedHashMap<>();
        if (node instanceof Map<?, ?> map) {
            map.forEach((k, v) -> out.put(String.valueOf(k), element(v)));
        }
        return out;
    }

    private static boolean only(Map<String, Object> schema, Set<String> keys) {
        return keys.containsAll(schema.keySet());
    }

    private static boolean allStrings(Object node) {
        return node instanceof List<?> list && list.stream().allMatch(String.class::isInstance);
    }

    private static List<String> strings(Object node) {
        List<String> out = new ArrayList<>();
        if (node instanceof List<?> list) {
            list.forEach(v -> out.add(String.valueOf(v)));
        }
        return out;
    }

    private static String json(Object node) {
        return JSON.writeValueAsString(node);
    }
}
