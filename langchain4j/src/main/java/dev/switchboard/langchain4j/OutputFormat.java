package dev.switchboard.langchain4j;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;

/**
 * A Java record as a model's structured output: its JSON schema, and the reading of a model's JSON
 * into the record with errors that name the offending path, so that the model can be told what to
 * fix. The processor generates one for every record annotated {@code @StructuredOutput}, without
 * reflection ({@code WeatherReportFormat.INSTANCE}); agents take it as their response format.
 *
 * @param <R> the record
 */
public interface OutputFormat<R> {
    /**
     * The name the model sees: the structured-output tool's name, or the JSON schema's.
     *
     * @return the name
     */
    String name();

    /**
     * What the output is, for the model.
     *
     * @return the description; empty when none was given
     */
    String description();

    /**
     * The JSON schema of the record.
     *
     * @return the schema
     */
    JsonObjectSchema schema();

    /**
     * The record class.
     *
     * @return the class
     */
    Class<R> type();

    /**
     * Reads the model's JSON into the record.
     *
     * @param json the JSON text
     * @return the record
     * @throws ToolArgumentsException when the text is not JSON or does not match the schema; its
     *     message names the path ({@code stops[0].nights})
     */
    R parse(String json);

    /**
     * The record as compact JSON, as the model would have written it.
     *
     * @param value the record
     * @return the JSON text
     */
    String toJson(R value);

    /**
     * A tool whose arguments are the record: LangChain's tool strategy asks the model to call it.
     *
     * @return the tool's specification
     */
    default ToolSpecification toolSpecification() {
        return ToolSpecification.builder()
                .name(name())
                .description(description().isEmpty() ? "Returns the response as " + name() : description())
                .parameters(schema())
                .build();
    }

    /**
     * The provider-native JSON schema response format (LangChain's provider strategy).
     *
     * @return the response format
     */
    default ResponseFormat responseFormat() {
        return ResponseFormat.builder()
                .type(ResponseFormatType.JSON)
                .jsonSchema(
                        JsonSchema.builder().name(name()).rootElement(schema()).build())
                .build();
    }
}
