package dev.switchboard.agent.multi;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.AgentTool;
import dev.switchboard.agent.ToolCallRequest;
import dev.switchboard.agent.ToolResult;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.OutputFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A handoff to another agent of a team, LangGraph's {@code create_handoff_tool}: a tool named {@code
 * transfer_to_<agent>} that ends the calling agent and gives the conversation to {@code agent}. With
 * a payload format, the tool's arguments are that record ({@code Handoff.to("billing",
 * RefundFormat.INSTANCE)}): the model must fill it in, arguments that do not validate are sent back
 * as an error result and no handoff happens, and the receiving agent reads the record with {@link
 * #payload(AgentState)}. Immutable.
 *
 * @param <P> the payload record ({@code Void} for a handoff without one)
 */
public final class Handoff<P> {
    private final String agent;
    private final OutputFormat<P> payload;
    private final String description;

    private Handoff(String agent, OutputFormat<P> payload, String description) {
        this.agent = Objects.requireNonNull(agent, "agent");
        this.payload = payload;
        this.description = description;
    }

    /**
     * A handoff without payload.
     *
     * @param agent the receiving agent's name in the team
     * @return the handoff
     */
    public static Handoff<Void> to(String agent) {
        return new Handoff<>(agent, null, "Transfers the conversation to " + agent + ".");
    }

    /**
     * A handoff whose tool takes a payload record.
     *
     * @param agent the receiving agent's name in the team
     * @param payload the payload's format, e.g. a generated {@code RefundFormat.INSTANCE}
     * @param <P> the payload record
     * @return the handoff
     */
    public static <P> Handoff<P> to(String agent, OutputFormat<P> payload) {
        return new Handoff<>(
                agent,
                Objects.requireNonNull(payload, "payload"),
                "Transfers the conversation to " + agent + " with the " + payload.name() + " it needs.");
    }

    /**
     * This handoff with another description of its tool.
     *
     * @param text what the model is told about the tool
     * @return a new handoff
     */
    public Handoff<P> describedAs(String text) {
        return new Handoff<>(agent, payload, Objects.requireNonNull(text, "text"));
    }

    /**
     * The receiving agent.
     *
     * @return its name in the team
     */
    public String agent() {
        return agent;
    }

    /**
     * The tool's name.
     *
     * @return {@code transfer_to_<agent>}
     */
    public String toolName() {
        return "transfer_to_" + agent;
    }

    /**
     * The payload of the latest call of this handoff's tool in a conversation, as the receiving agent
     * reads it.
     *
     * @param state the receiving agent's state
     * @return the payload, if the conversation has such a call (always empty without a payload format)
     */
    public Optional<P> payload(AgentState<?> state) {
        if (payload == null) {
            return Optional.empty();
        }
        List<Message> messages = state.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).chat() instanceof AiMessage a && a.hasToolExecutionRequests()) {
                for (ToolExecutionRequest r : a.toolExecutionRequests()) {
                    if (toolName().equals(r.name())) {
                        return Optional.of(payload.parse(r.arguments()));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The handoff's tool: it validates the payload, records the receiving agent in the team's state
     * and ends the calling agent.
     *
     * @return the tool
     */
    AgentTool tool() {
        ToolSpecification spec = ToolSpecification.builder()
                .name(toolName())
                .description(description)
                .parameters(payload == null ? JsonObjectSchema.builder().build() : payload.schema())
                .build();
        return new AgentTool() {
            @Override
            public ToolSpecification specification() {
                return spec;
            }

            @Override
            public ToolResult execute(ToolCallRequest request) {
                ToolExecutionRequest call = request.call();
                if (payload != null) {
                    payload.parse(call.arguments()); // a ToolArgumentsException is reported to the model
                }
                return ToolResult.of(call, "Successfully transferred to " + agent)
                        .withUpdate(Handoffs_ActiveUpdate.of().activeAgent(agent));
            }

            @Override
            public boolean returnDirect() {
                return true;
            }
        };
    }
}
