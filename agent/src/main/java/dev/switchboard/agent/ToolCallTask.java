package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;

/**
 * One tool call as the {@code tools} node receives it: the payload of the {@code Send} that starts
 * the call's task, which is what a checkpoint stores for a pending call. As in LangChain's {@code
 * createAgent}, every call of an AI message runs as a task of its own.
 *
 * @param id the call's id
 * @param name the tool's name
 * @param arguments the arguments as JSON text
 */
public record ToolCallTask(String id, String name, String arguments) {
    static ToolCallTask of(ToolExecutionRequest call) {
        return new ToolCallTask(call.id(), call.name(), call.arguments());
    }

    ToolExecutionRequest call() {
        return ToolExecutionRequest.builder()
                .id(id)
                .name(name)
                .arguments(arguments)
                .build();
    }
}
