package dev.switchboard.samples.agent;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One message of a chat: what the user asked, what the model replied (text or tool calls), or a
 * tool's result. One record rather than a type per role, so that the state stays a plain list that
 * a checkpointer can store without type ids.
 *
 * @param role who wrote it
 * @param text the text; empty for a reply that only calls tools
 * @param toolCalls the tools an assistant message asks to run; empty otherwise
 * @param toolCallId for a tool result, the id of the call it answers; {@code null} otherwise
 */
public record Message(Role role, String text, List<ToolCall> toolCalls, String toolCallId) {
    /** Who wrote a message. */
    public enum Role {
        /** The person chatting. */
        USER,
        /** The model. */
        ASSISTANT,
        /** A tool, answering a call. */
        TOOL
    }

    /**
     * Creates a message.
     *
     * @param role who wrote it
     * @param text the text
     * @param toolCalls the tool calls
     * @param toolCallId the answered call's id, or {@code null}
     */
    public Message {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(text, "text");
        toolCalls = List.copyOf(toolCalls);
    }

    /**
     * A user's message.
     *
     * @param text what the user says
     * @return the message
     */
    public static Message user(String text) {
        return new Message(Role.USER, text, List.of(), null);
    }

    /**
     * A model's final answer.
     *
     * @param text the answer
     * @return the message
     */
    public static Message assistant(String text) {
        return new Message(Role.ASSISTANT, text, List.of(), null);
    }

    /**
     * A model's reply that asks to run tools.
     *
     * @param calls the tool calls
     * @return the message
     */
    public static Message toolCalls(ToolCall... calls) {
        return new Message(Role.ASSISTANT, "", List.of(calls), null);
    }

    /**
     * A tool's result.
     *
     * @param callId the id of the call it answers
     * @param result what the tool returned
     * @return the message
     */
    public static Message toolResult(String callId, String result) {
        return new Message(Role.TOOL, result, List.of(), Objects.requireNonNull(callId, "callId"));
    }

    /**
     * Whether this message asks to run tools.
     *
     * @return {@code true} if it has tool calls
     */
    public boolean hasToolCalls() {
        return !toolCalls.isEmpty();
    }

    @Override
    public String toString() {
        return switch (role) {
            case USER -> "user: " + text;
            case ASSISTANT ->
                hasToolCalls()
                        ? "assistant calls "
                                + toolCalls.stream().map(ToolCall::toString).collect(Collectors.joining(", "))
                        : "assistant: " + text;
            case TOOL -> "tool[" + toolCallId + "]: " + text;
        };
    }
}
