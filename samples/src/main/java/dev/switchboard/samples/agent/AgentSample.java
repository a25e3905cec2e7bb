package dev.switchboard.samples.agent;

import dev.switchboard.runtime.RunConfig;
import java.io.PrintStream;
import java.util.List;

/**
 * Runs the {@link ToolAgent} twice with a scripted model: once answering a question with two
 * tools, once with a model that never stops calling tools, which the agent ends gracefully when
 * its step budget runs out.
 */
public final class AgentSample {
    private AgentSample() {}

    /**
     * Runs the sample.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out);
    }

    static void run(PrintStream out) {
        ScriptedChatModel model = ScriptedChatModel.of(
                Message.toolCalls(
                        new ToolCall("call-1", "weather", "Paris"), new ToolCall("call-2", "calculator", "12 * 7")),
                Message.assistant("It is 18 C with light rain in Paris, and 12 * 7 = 84."));
        Conversation answered = ask(model, RunConfig.defaults());
        out.println("answered after " + model.calls() + " model calls:");
        answered.messages().forEach(m -> out.println("  " + m));

        ScriptedChatModel stuck =
                ScriptedChatModel.repeating(Message.toolCalls(new ToolCall("call-x", "weather", "Oslo")));
        Conversation stopped = ask(stuck, RunConfig.defaults().withRecursionLimit(10));
        out.println("stuck model, recursion limit 10, stopped after " + stuck.calls() + " model calls:");
        out.println("  " + stopped.messages().get(stopped.messages().size() - 1));
    }

    private static Conversation ask(ChatModel model, RunConfig config) {
        ToolAgentGraph graph =
                ToolAgentGraph.builder(new ToolAgent(model, Tools.demo())).build();
        ConversationUpdate question =
                ConversationUpdate.of().messages(List.of(Message.user("What is the weather in Paris, and 12 * 7?")));
        return graph.invoke(question, config).value();
    }
}
