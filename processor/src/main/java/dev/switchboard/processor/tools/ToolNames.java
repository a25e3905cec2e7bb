package dev.switchboard.processor.tools;

import com.palantir.javapoet.ClassName;

/**
 * The names of the annotations read and the types generated code refers to, in one place: the
 * processor has neither LangChain4j nor {@code switchboard-langchain4j} on its class path. Generated
 * code, compiled in the user's build, refers only to published types: {@code
 * switchboard-langchain4j}'s API and its SPI ({@code dev.switchboard.langchain4j.spi}), and
 * LangChain4j's public API, never a package named {@code internal} ({@code
 * LangChain4jInternalsTest} checks what is generated).
 */
final class ToolNames {
    static final String TOOLS = "dev.switchboard.annotation.Tools";
    static final String TOOL = "dev.langchain4j.agent.tool.Tool";
    static final String P = "dev.langchain4j.agent.tool.P";
    static final String DESCRIPTION = "dev.langchain4j.model.output.structured.Description";
    static final String STRUCTURED_OUTPUT = "dev.switchboard.annotation.StructuredOutput";

    private static final String LC4J = "dev.switchboard.langchain4j";
    private static final String JSON = "dev.langchain4j.model.chat.request.json";

    static final ClassName TOOL_SET = ClassName.get(LC4J, "ToolSet");
    static final ClassName OUTPUT_FORMAT = ClassName.get(LC4J, "OutputFormat");
    static final ClassName UNKNOWN_TOOL = ClassName.get(LC4J, "UnknownToolException");
    static final ClassName ARGUMENTS = ClassName.get(LC4J + ".spi", "ToolArguments");
    static final ClassName RESULTS = ClassName.get(LC4J + ".spi", "ToolResults");

    static final ClassName TOOL_SPECIFICATION = ClassName.get("dev.langchain4j.agent.tool", "ToolSpecification");
    static final ClassName TOOL_REQUEST = ClassName.get("dev.langchain4j.agent.tool", "ToolExecutionRequest");
    static final ClassName OBJECT_SCHEMA = ClassName.get(JSON, "JsonObjectSchema");
    static final ClassName STRING_SCHEMA = ClassName.get(JSON, "JsonStringSchema");
    static final ClassName INTEGER_SCHEMA = ClassName.get(JSON, "JsonIntegerSchema");
    static final ClassName NUMBER_SCHEMA = ClassName.get(JSON, "JsonNumberSchema");
    static final ClassName BOOLEAN_SCHEMA = ClassName.get(JSON, "JsonBooleanSchema");
    static final ClassName ENUM_SCHEMA = ClassName.get(JSON, "JsonEnumSchema");
    static final ClassName ARRAY_SCHEMA = ClassName.get(JSON, "JsonArraySchema");

    static final ClassName JSON_NODE = ClassName.get("tools.jackson.databind", "JsonNode");
    static final ClassName OBJECT_NODE = ClassName.get("tools.jackson.databind.node", "ObjectNode");
    static final ClassName ARRAY_NODE = ClassName.get("tools.jackson.databind.node", "ArrayNode");

    /** The types whose absence means a dependency is missing, each with the artifact to add. */
    static final String[][] REQUIRED = {
        {TOOL_SET.canonicalName(), "dev.switchboard:switchboard-langchain4j"},
        {TOOL_SPECIFICATION.canonicalName(), "dev.langchain4j:langchain4j-core"},
    };

    /** What a generated structured-output format needs, each with the artifact to add. */
    static final String[][] OUTPUT_REQUIRED = {
        {OUTPUT_FORMAT.canonicalName(), "dev.switchboard:switchboard-langchain4j"},
        {TOOL_SPECIFICATION.canonicalName(), "dev.langchain4j:langchain4j-core"},
    };

    private ToolNames() {}
}
