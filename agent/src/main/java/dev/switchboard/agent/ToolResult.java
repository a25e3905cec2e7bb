package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.StateUpdate;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tool call gave: the tool message the model reads next (LangChain's {@code ToolMessage}:
 * text, tool name, call id, and whether it reports an error), optionally more writes to the agent's
 * state (as a LangChain tool that returns a {@code Command} with an update, such as {@code
 * write_todos}), or a command to the graph the agent runs in ({@code Command.toParent()}, a handoff).
 * Immutable apart from the update builders it holds.
 */
public final class ToolResult {
    private final Message message;
    private final StateUpdate update;
    private final Command<?> parent;

    private ToolResult(Message message, StateUpdate update, Command<?> parent) {
        this.message = message;
        this.update = update;
        this.parent = parent;
    }

    /**
     * A successful result.
     *
     * @param call the call it answers
     * @param text the result text
     * @return the result
     */
    public static ToolResult of(ToolExecutionRequest call, String text) {
        return message(call, text, false);
    }

    /**
     * A failed call, reported to the model (LangChain's {@code status: "error"}).
     *
     * @param call the call it answers
     * @param text what went wrong
     * @return the result
     */
    public static ToolResult error(ToolExecutionRequest call, String text) {
        return message(call, text, true);
    }

    private static ToolResult message(ToolExecutionRequest call, String text, boolean error) {
        Objects.requireNonNull(call, "call");
        return new ToolResult(
                Message.of(ToolExecutionResultMessage.builder()
                        .id(call.id())
                        .toolName(call.name())
                        .text(text == null ? "" : text)
                        .isError(error)
                        .build()),
                null,
                null);
    }

    /**
     * A result that is a command to the graph the agent runs in, such as a handoff to another agent;
     * the agent itself writes nothing and stops.
     *
     * @param command a {@code Command.toParent()}
     * @return the result
     * @throws IllegalArgumentException if the command is not addressed to the parent graph
     */
    public static ToolResult toParent(Command<?> command) {
        Objects.requireNonNull(command, "command");
        if (command.graph().isEmpty()) {
            throw new IllegalArgumentException("a tool's command goes to the graph the agent runs in: use"
                    + " Command.toParent(); to write to the agent's own state, use withUpdate");
        }
        return new ToolResult(null, null, command);
    }

    /**
     * This result with more writes to the agent's state.
     *
     * @param more an update of a record of the agent's state (a middleware's, or {@code AgentStateUpdate})
     * @return a new result
     */
    public ToolResult withUpdate(StateUpdate more) {
        Objects.requireNonNull(more, "update");
        return new ToolResult(message, update == null ? more : update.also(more), parent);
    }

    /**
     * The tool message.
     *
     * @return it, absent for a command to the parent graph
     */
    public Optional<Message> message() {
        return Optional.ofNullable(message);
    }

    /**
     * The result text.
     *
     * @return the tool message's text, or empty for a command to the parent graph
     */
    public String text() {
        return message == null ? "" : ((ToolExecutionResultMessage) message.chat()).text();
    }

    /**
     * Whether the result reports an error to the model.
     *
     * @return {@code true} for an error result
     */
    public boolean isError() {
        return message != null && Boolean.TRUE.equals(((ToolExecutionResultMessage) message.chat()).isError());
    }

    /**
     * More writes to the agent's state.
     *
     * @return the update, if any
     */
    public Optional<StateUpdate> update() {
        return Optional.ofNullable(update);
    }

    /**
     * The command to the graph the agent runs in.
     *
     * @return the command, if this result hands off
     */
    public Optional<Command<?>> parentCommand() {
        return Optional.ofNullable(parent);
    }

    @Override
    public String toString() {
        return parent != null ? "ToolResult[" + parent + "]" : "ToolResult[" + message + "]";
    }
}
