package dev.switchboard.langchain4j.internal;

/**
 * Not API: a tool call's outcome as {@code ToolNode} records it as a durable step (the text and
 * whether it is an error result), which a re-run of the node turns back into the call's result
 * message without calling the tool again.
 *
 * @param text the result text
 * @param error whether the result reports an error to the model
 */
public record RecordedToolResult(String text, boolean error) {}
