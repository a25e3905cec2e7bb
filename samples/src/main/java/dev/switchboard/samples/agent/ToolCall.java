package dev.switchboard.samples.agent;

import java.util.Objects;

/**
 * A request from the model to run one tool. Real chat APIs pass JSON arguments; one string keeps
 * the sample short.
 *
 * @param id names the call, so the tool's result can refer to it
 * @param name the tool to run
 * @param input the tool's argument, for example {@code "12 * 7"} or {@code "Paris"}
 */
public record ToolCall(String id, String name, String input) {
    /**
     * Creates a tool call.
     *
     * @param id names the call
     * @param name the tool
     * @param input the argument
     */
    public ToolCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(input, "input");
    }

    @Override
    public String toString() {
        return name + "(" + input + ")";
    }
}
