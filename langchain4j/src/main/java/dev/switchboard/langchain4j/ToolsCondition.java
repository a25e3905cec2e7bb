package dev.switchboard.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.annotation.Graph;
import java.util.List;

/**
 * LangGraph's {@code tools_condition}: routes to the tools node when the last message is an {@link
 * AiMessage} that requests tools, else to the end. From an annotated graph, one line:
 *
 * <pre>{@code
 * @Route(from = "agent", to = {"tools", END})
 * String next(Chat s) { return ToolsCondition.route(s.messages()); }
 * }</pre>
 */
public final class ToolsCondition {
    /** The node name {@link #route(List)} routes to. */
    public static final String TOOLS = "tools";

    private ToolsCondition() {}

    /**
     * {@link #TOOLS} if the last message requests tools, else {@link Graph#END}.
     *
     * @param messages the conversation
     * @return the next node
     */
    public static String route(List<Message> messages) {
        return route(messages, TOOLS);
    }

    /**
     * {@code toolsNode} if the last message requests tools, else {@link Graph#END}.
     *
     * @param messages the conversation
     * @param toolsNode the name of the tools node
     * @return the next node
     */
    public static String route(List<Message> messages, String toolsNode) {
        return requestsTools(messages) ? toolsNode : Graph.END;
    }

    /**
     * Whether the last message is an AI message with tool execution requests.
     *
     * @param messages the conversation
     * @return {@code true} if the model asked for tools
     */
    public static boolean requestsTools(List<Message> messages) {
        if (messages.isEmpty()) {
            return false;
        }
        AiMessage ai = messages.get(messages.size() - 1).ai();
        return ai != null && ai.hasToolExecutionRequests();
    }
}
