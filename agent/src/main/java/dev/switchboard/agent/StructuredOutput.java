package dev.switchboard.agent;

import dev.switchboard.langchain4j.OutputFormat;
import java.util.Objects;

/**
 * An agent's response format, LangChain's {@code responseFormat}: the record the agent returns as its
 * structured response, and how the model is asked for it. The <b>tool strategy</b> offers the model a
 * tool whose arguments are the record and requires a tool call; arguments that do not validate are
 * sent back as the tool's error result and the model is called again (unless {@link #failOnError()}).
 * The <b>provider strategy</b> asks the provider for JSON in the record's schema; a reply that does not
 * validate fails the run, as in LangChain. {@link #of} picks the provider strategy when the model
 * reports LangChain4j's {@code RESPONSE_FORMAT_JSON_SCHEMA} capability, else the tool strategy.
 * Immutable.
 *
 * @param <R> the record
 */
public final class StructuredOutput<R> {
    /** How the model is asked for the structured response. */
    public enum Strategy {
        /** The provider strategy when the model supports JSON schemas, else the tool strategy. */
        AUTO,
        /** A tool whose arguments are the record. */
        TOOL,
        /** The provider's native JSON schema output. */
        PROVIDER
    }

    private final OutputFormat<R> format;
    private final Strategy strategy;
    private final String toolMessageContent;
    private final String errorMessage;
    private final boolean failOnError;

    private StructuredOutput(
            OutputFormat<R> format, Strategy strategy, String toolMessageContent, String errorMessage, boolean fail) {
        this.format = Objects.requireNonNull(format, "format");
        this.strategy = strategy;
        this.toolMessageContent = toolMessageContent;
        this.errorMessage = errorMessage;
        this.failOnError = fail;
    }

    /**
     * The format with the strategy chosen by the model's capabilities.
     *
     * @param format the record's format, e.g. a generated {@code WeatherReportFormat.INSTANCE}
     * @param <R> the record
     * @return the response format
     */
    public static <R> StructuredOutput<R> of(OutputFormat<R> format) {
        return new StructuredOutput<>(format, Strategy.AUTO, null, null, false);
    }

    /**
     * The format with the tool strategy.
     *
     * @param format the record's format
     * @param <R> the record
     * @return the response format
     */
    public static <R> StructuredOutput<R> tool(OutputFormat<R> format) {
        return new StructuredOutput<>(format, Strategy.TOOL, null, null, false);
    }

    /**
     * The format with the provider strategy.
     *
     * @param format the record's format
     * @param <R> the record
     * @return the response format
     */
    public static <R> StructuredOutput<R> provider(OutputFormat<R> format) {
        return new StructuredOutput<>(format, Strategy.PROVIDER, null, null, false);
    }

    /**
     * With the tool strategy, the text of the tool result that acknowledges the structured response
     * (by default its JSON), and of the closing AI message (by default {@code "Returning structured
     * response: <json>"}).
     *
     * @param content the text
     * @return a new response format
     */
    public StructuredOutput<R> withToolMessageContent(String content) {
        return new StructuredOutput<>(
                format, strategy, Objects.requireNonNull(content, "content"), errorMessage, failOnError);
    }

    /**
     * With the tool strategy, answer arguments that do not validate with this text instead of the
     * validation error.
     *
     * @param message what the model is told
     * @return a new response format
     */
    public StructuredOutput<R> onErrorTell(String message) {
        return new StructuredOutput<>(
                format, strategy, toolMessageContent, Objects.requireNonNull(message, "message"), false);
    }

    /**
     * With the tool strategy, fail the run on arguments that do not validate instead of asking the
     * model again.
     *
     * @return a new response format
     */
    public StructuredOutput<R> failOnError() {
        return new StructuredOutput<>(format, strategy, toolMessageContent, null, true);
    }

    /**
     * The record's format.
     *
     * @return the format
     */
    public OutputFormat<R> format() {
        return format;
    }

    /**
     * The strategy asked for.
     *
     * @return the strategy
     */
    public Strategy strategy() {
        return strategy;
    }

    String toolMessageContent() {
        return toolMessageContent;
    }

    String errorMessage() {
        return errorMessage;
    }

    boolean failsOnError() {
        return failOnError;
    }

    /** Whether a call to this model uses the tool strategy. */
    boolean usesTool(AgentModel model) {
        return strategy == Strategy.TOOL || (strategy == Strategy.AUTO && !model.supportsJsonSchema());
    }
}
