package dev.switchboard.bench.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.switchboard.langchain4j.ToolSet;
import java.util.ArrayList;
import java.util.List;

/** W6 by hand against LangChain4j: ask, run the requested tools one after another, ask again. */
public final class AgentTurnHandWritten {
    private AgentTurnHandWritten() {}

    /**
     * Runs one turn.
     *
     * @param model the model
     * @param tools the tools
     * @return the conversation
     * @throws Exception if a tool fails
     */
    public static List<ChatMessage> run(ChatModel model, ToolSet tools) throws Exception {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(UserMessage.from(AgentTurn.QUESTION));
        while (true) {
            AiMessage ai = model.chat(ChatRequest.builder()
                            .messages(messages)
                            .toolSpecifications(tools.specifications())
                            .build())
                    .aiMessage();
            messages.add(ai);
            if (!ai.hasToolExecutionRequests()) {
                return messages;
            }
            for (ToolExecutionRequest r : ai.toolExecutionRequests()) {
                messages.add(ToolExecutionResultMessage.from(r, tools.execute(r)));
            }
        }
    }
}
