package dev.switchboard.samples.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AgentSampleTest {
    private static final Message QUESTION = Message.user("Weather in Paris, and 12 * 7?");
    private static final Message CALL_TOOLS =
            Message.toolCalls(new ToolCall("c1", "weather", "Paris"), new ToolCall("c2", "calculator", "12 * 7"));
    private static final Message ANSWER = Message.assistant("18 C and rainy; 84.");

    private static ToolAgentGraph graph(ChatModel model) {
        return ToolAgentGraph.builder(new ToolAgent(model, Tools.demo())).build();
    }

    private static ConversationUpdate input() {
        return ConversationUpdate.of().messages(List.of(QUESTION));
    }

    @Test
    void toolResultsReachTheModelWhichThenAnswers() {
        ScriptedChatModel model = ScriptedChatModel.of(CALL_TOOLS, ANSWER);
        List<Message> messages = graph(model).invoke(input()).value().messages();

        List<Message> afterTools = List.of(
                QUESTION, CALL_TOOLS, Message.toolResult("c1", "18 C, light rain"), Message.toolResult("c2", "84"));
        List<Message> all = new ArrayList<>(afterTools);
        all.add(ANSWER);
        assertEquals(all, messages);
        assertEquals(2, model.calls());
        assertEquals(List.of(List.of(QUESTION), afterTools), model.histories());
    }

    @Test
    void routeGoesAgentToolsAgentThenEnds() {
        List<String> nodes;
        try (Stream<StreamPart<Conversation>> events = graph(ScriptedChatModel.of(CALL_TOOLS, ANSWER)).stream(
                input(), RunConfig.defaults(), StreamMode.UPDATES)) {
            nodes = events.map(e -> ((StreamPart.Updates<Conversation>) e).node())
                    .toList();
        }
        assertEquals(List.of("agent", "tools", "agent"), nodes);
    }

    @Test
    void aDirectAnswerSkipsTheTools() {
        ScriptedChatModel model = ScriptedChatModel.of(ANSWER);
        assertEquals(
                List.of(QUESTION, ANSWER), graph(model).invoke(input()).value().messages());
        assertEquals(1, model.calls());
    }

    /** A model that always calls a tool would loop forever; RemainingSteps ends it at any limit. */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 10, 11, 24, 25, 26, 100})
    void aModelThatNeverStopsEndsGracefully(int limit) {
        ScriptedChatModel stuck = ScriptedChatModel.repeating(Message.toolCalls(new ToolCall("x", "weather", "Oslo")));
        List<Message> messages = graph(stuck)
                .invoke(input(), RunConfig.defaults().withRecursionLimit(limit))
                .value()
                .messages();

        // The agent runs on every other superstep, from step 1 up to the limit.
        assertEquals(limit / 2, stuck.calls());
        assertEquals(Message.assistant(ToolAgent.OUT_OF_STEPS), messages.get(messages.size() - 1));
        // question + (tool calls, tool result) per finished round + the apology
        assertEquals(2 * stuck.calls(), messages.size());
        assertEquals(
                stuck.calls() - 1,
                messages.stream()
                        .filter(Message.toolResult("x", "3 C, snow")::equals)
                        .count());
    }

    @Test
    void theDefaultLimitIsEnoughForTheStuckModelToStopItself() {
        ScriptedChatModel stuck = ScriptedChatModel.repeating(Message.toolCalls(new ToolCall("x", "weather", "Oslo")));
        List<Message> messages = graph(stuck).invoke(input()).value().messages();
        assertEquals(Message.assistant(ToolAgent.OUT_OF_STEPS), messages.get(messages.size() - 1));
        assertEquals(RunConfig.DEFAULT_RECURSION_LIMIT / 2, stuck.calls());
    }

    @Test
    void aModelFailureFailsTheRunWithTheNodeName() {
        NodeException e = assertThrows(
                NodeException.class,
                () -> graph(ScriptedChatModel.of(CALL_TOOLS)).invoke(input()));
        assertTrue(e.getMessage().contains("agent"), e.getMessage());
        assertTrue(e.getCause() instanceof IllegalStateException, String.valueOf(e.getCause()));
    }

    @Test
    void programPrintsBothRuns() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AgentSample.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals(
                List.of(
                        "answered after 2 model calls:",
                        "  user: What is the weather in Paris, and 12 * 7?",
                        "  assistant calls weather(Paris), calculator(12 * 7)",
                        "  tool[call-1]: 18 C, light rain",
                        "  tool[call-2]: 84",
                        "  assistant: It is 18 C with light rain in Paris, and 12 * 7 = 84.",
                        "stuck model, recursion limit 10, stopped after 5 model calls:",
                        "  assistant: " + ToolAgent.OUT_OF_STEPS),
                bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
