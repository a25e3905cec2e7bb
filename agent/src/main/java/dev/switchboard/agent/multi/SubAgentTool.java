package dev.switchboard.agent.multi;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.AgentTool;
import dev.switchboard.agent.StructuredOutput;
import dev.switchboard.agent.ToolCallRequest;
import dev.switchboard.agent.ToolResult;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.ToolArgumentsException;
import dev.switchboard.langchain4j.spi.ToolArguments;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * An agent as another agent's tool (LangChain's sub-agents): the tool takes a {@code request}, runs the
 * sub-agent on it as a subgraph of the calling task (its steps checkpointed in the task's namespace; a
 * pause inside it pauses the caller, which resumes inside it), and answers with the sub-agent's last
 * reply, or its structured response as JSON when it has a response format.
 */
public final class SubAgentTool {
    private SubAgentTool() {}

    /**
     * The tool.
     *
     * @param name the tool's name
     * @param description what the sub-agent does, for the model
     * @param agent the sub-agent, built without a checkpointer (it uses the caller's)
     * @param <R> the sub-agent's structured response type
     * @return the tool
     */
    public static <R> AgentTool of(String name, String description, Agent<R> agent) {
        Objects.requireNonNull(agent, "agent");
        ToolSpecification spec = ToolSpecification.builder()
                .name(Objects.requireNonNull(name, "name"))
                .description(Objects.requireNonNull(description, "description"))
                .parameters(JsonObjectSchema.builder()
                        .addStringProperty("request", "what the sub-agent is asked to do, with everything it needs")
                        .required("request")
                        .build())
                .build();
        return new AgentTool() {
            @Override
            public ToolSpecification specification() {
                return spec;
            }

            @Override
            public ToolResult execute(ToolCallRequest request) {
                ToolExecutionRequest call = request.call();
                JsonNode args = ToolArguments.parse(call.arguments());
                String text = ToolArguments.string(ToolArguments.field(args, "", "request"), "request");
                AgentState<R> out = request.context()
                        .invoke(agent, AgentStateUpdate.of().messages(List.of(Message.user(text))))
                        .value();
                return ToolResult.of(call, answer(agent, out));
            }
        };
    }

    private static <R> String answer(Agent<R> agent, AgentState<R> out) {
        StructuredOutput<R> format = agent.responseFormat().orElse(null);
        if (format != null && out.structuredResponse().isPresent()) {
            return format.format().toJson(out.structuredResponse().get());
        }
        return out.lastAiMessage()
                .map(m -> ((AiMessage) m.chat()).text())
                .filter(t -> t != null)
                .orElseThrow(() -> new ToolArgumentsException("the sub-agent ended without a reply", null));
    }
}
