package dev.switchboard.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** MCP input schemas become tool parameters that say the same: typed where exact, raw elsewhere. */
class ToolSchemasTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static ToolSpecification convert(String inputSchema) {
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = JSON.readValue(inputSchema, Map.class);
        return ToolSchemas.specification(
                McpSchema.Tool.builder("book")
                        .description("Books")
                        .inputSchema(schema)
                        .build(),
                "travel_book");
    }

    private static JsonNode sent(ToolSpecification spec) {
        return JSON.valueToTree(JsonSchemaElementUtils.toMap(spec.parameters()));
    }

    @Test
    void nestedObjectsArraysAnyOfAndReferencesStayTyped() {
        String schema = "{\"type\":\"object\",\"properties\":{"
                + "\"stops\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/Stop\"}},"
                + "\"note\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"null\"}],\"description\":\"a note\"},"
                + "\"when\":{\"type\":\"object\",\"properties\":{\"day\":{\"type\":\"integer\"}},"
                + "\"required\":[\"day\"],\"additionalProperties\":false}},"
                + "\"required\":[\"stops\"],"
                + "\"$defs\":{\"Stop\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
                + "\"required\":[\"city\"]}}}";
        ToolSpecification spec = convert(schema);
        assertEquals("travel_book", spec.name());
        assertEquals("Books", spec.description());
        JsonObjectSchema p = spec.parameters();
        JsonArraySchema stops =
                assertInstanceOf(JsonArraySchema.class, p.properties().get("stops"));
        assertInstanceOf(JsonReferenceSchema.class, stops.items());
        assertInstanceOf(JsonAnyOfSchema.class, p.properties().get("note"));
        assertInstanceOf(JsonRawSchema.class, p.properties().get("when"));
        assertEquals(JSON.readTree(schema), sent(spec));
    }

    @Test
    void keywordsWithoutATypedElementKeepTheirSubSchemaRaw() {
        String schema = "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\","
                + "\"properties\":{\"email\":{\"type\":\"string\",\"format\":\"email\"},"
                + "\"count\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":9},"
                + "\"shape\":{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"number\"}]},"
                + "\"flag\":{\"enum\":[true,false]},"
                + "\"tags\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}},"
                + "\"required\":[\"email\"]}";
        ToolSpecification spec = convert(schema);
        for (String raw : new String[] {"email", "count", "shape", "flag", "tags"}) {
            assertInstanceOf(JsonRawSchema.class, spec.parameters().properties().get(raw), raw);
        }
        ObjectNode expected = (ObjectNode) JSON.readTree(schema);
        expected.remove("$schema");
        assertEquals(expected, sent(spec));
    }

    @Test
    void aClosedTopLevelObjectStaysClosed() {
        // held on the parameters; providers write it out in their strict modes
        ToolSpecification spec = convert(
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"additionalProperties\":false}");
        assertEquals(Boolean.FALSE, spec.parameters().additionalProperties());
    }

    @Test
    void topLevelKeywordsAnObjectSchemaCannotHoldAreDropped() {
        ToolSpecification spec = convert("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},"
                + "\"oneOf\":[{\"required\":[\"a\"]}],\"additionalProperties\":{\"type\":\"string\"}}");
        assertEquals(
                JSON.readTree("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[]}"),
                sent(spec));
    }
}
