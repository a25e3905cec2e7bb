package dev.switchboard.samples.agent;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import java.util.List;
import java.util.Objects;

/**
 * A tool-calling agent loop, LangGraph's ReAct agent: {@code agent} asks the model, a route runs
 * {@code tools} while the model asks for tools, and {@code tools} hands the results back to
 * {@code agent}. The graph ends when the model answers in text.
 */
public class ToolAgent {
    /** The answer the agent gives when the step budget cannot fit another tool round. */
    public static final String OUT_OF_STEPS = "Sorry, I need more steps to finish this request.";

    private final ChatModel model;
    private final Tools tools;

    /**
     * Creates the agent's nodes.
     *
     * @param model the chat model
     * @param tools the tools the model may call
     */
    public ToolAgent(ChatModel model, Tools tools) {
        this.model = Objects.requireNonNull(model, "model");
        this.tools = Objects.requireNonNull(tools, "tools");
    }

    @Node
    @Edge(from = START)
    @Edge(from = "tools")
    ConversationUpdate agent(Conversation chat) {
        Message reply = model.chat(chat.messages());
        // A tool round takes two more supersteps (tools, then agent), and the agent must then run
        // no later than the last step, where remaining is 1. With less room, answer now instead of
        // failing with GraphRecursionException. (LangGraph's create_react_agent tests < 2; here that
        // fails at every odd recursion limit, the default 25 included.)
        if (reply.hasToolCalls() && chat.remaining() < 3) {
            reply = Message.assistant(OUT_OF_STEPS);
        }
        return ConversationUpdate.of().messages(List.of(reply));
    }

    @Route(
            from = "agent",
            to = {"tools", END})
    String toolsOrEnd(Conversation chat) {
        return last(chat).hasToolCalls() ? "tools" : END;
    }

    @Node
    ConversationUpdate tools(Conversation chat) {
        List<Message> results = last(chat).toolCalls().stream()
                .map(call -> Message.toolResult(call.id(), tools.run(call)))
                .toList();
        return ConversationUpdate.of().messages(results);
    }

    private static Message last(Conversation chat) {
        return chat.messages().get(chat.messages().size() - 1);
    }
}
