package dev.switchboard.bench.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.switchboard.langchain4j.ScriptedChatModel;
import dev.switchboard.langchain4j.ToolSet;
import java.util.List;

/**
 * W6, one agent turn: the model asks for two tools, the tools run, the model answers. The model is
 * scripted (a function of the request, no network) and the tools are table lookups, so what is
 * timed is the orchestration: the graph's or the hand-written loop's.
 */
public final class AgentTurn {
    /** The question each turn starts from. */
    public static final String QUESTION = "Weather in Paris and in Oslo?";
    /** The model's final answer. */
    public static final String ANSWER = "Paris: 18 C; Oslo: 3 C.";

    private AgentTurn() {}

    /** The scripted model: tool calls for a question, the answer once tool results are in. */
    public static ChatModel model() {
        return ScriptedChatModel.from(AgentTurn::reply);
    }

    private static AiMessage reply(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        if (messages.get(messages.size() - 1) instanceof UserMessage) {
            return AiMessage.from(call("c1", "Paris"), call("c2", "Oslo"));
        }
        return AiMessage.from(ANSWER);
    }

    private static ToolExecutionRequest call(String id, String city) {
        return ToolExecutionRequest.builder()
                .id(id)
                .name("weather")
                .arguments("{\"city\":\"" + city + "\"}")
                .build();
    }

    /** One tool, {@code weather}, answering from a two-city table. */
    public static ToolSet tools() {
        List<ToolSpecification> specs = List.of(ToolSpecification.builder()
                .name("weather")
                .parameters(JsonObjectSchema.builder().addStringProperty("city").build())
                .build());
        return new ToolSet() {
            @Override
            public List<ToolSpecification> specifications() {
                return specs;
            }

            @Override
            public String execute(ToolExecutionRequest r) {
                return r.arguments().contains("Paris") ? "18 C" : "3 C";
            }
        };
    }

    /** Checks a finished turn: question, tool calls, two results, answer. */
    public static void check(List<ChatMessage> messages) {
        if (messages.size() != 5
                || !(messages.get(3) instanceof ToolExecutionResultMessage t
                        && t.text().equals("3 C"))
                || !messages.get(4).equals(AiMessage.from(ANSWER))) {
            throw new IllegalStateException("unexpected turn: " + messages);
        }
    }
}
