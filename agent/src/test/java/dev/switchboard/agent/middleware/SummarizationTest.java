package dev.switchboard.agent.middleware;

import static dev.switchboard.agent.middleware.TestModels.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentState;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Summarization with LangChain's approximate token count, fractions of the window, and its errors. */
class SummarizationTest {
    /** A long conversation: ten rounds of a question, a tool call, its 400-character result and an answer. */
    private static List<Message> history() {
        List<Message> out = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            out.add(Message.of("h" + i, UserMessage.from("question " + i)));
            out.add(Message.of("a" + i, AiMessage.from(List.of(call("lookup", "{\"q\":\"" + i + "\"}", "c" + i)))));
            out.add(Message.of(
                    "t" + i,
                    ToolExecutionResultMessage.builder()
                            .id("c" + i)
                            .toolName("lookup")
                            .text("x".repeat(400))
                            .build()));
            out.add(Message.of("r" + i, AiMessage.from("answer " + i)));
        }
        out.add(Message.of("last", UserMessage.from("and now?")));
        return out;
    }

    private static AgentState<Void> run(Summarization.Builder summarization, TestModels.Scripted summarizer) {
        return Agent.builder(new TestModels.Scripted(m -> AiMessage.from("ok")))
                .tools(new OfficeToolsTools(new OfficeTools()))
                .middleware(summarization.build())
                .build()
                .invoke(AgentStateUpdate.of().messages(history()))
                .value();
    }

    @Test
    void approximateTokensTriggerAndKeepWithoutSplittingACallFromItsResult() {
        TestModels.Scripted summarizer = new TestModels.Scripted(m -> AiMessage.from("SUMMARY"));
        // ~1,150 tokens in all; keep about 250: the last two rounds' results would be split, so the cut
        // moves back to an AI message's call or a user message.
        AgentState<Void> out = run(
                Summarization.builder(summarizer)
                        .trigger(ContextSize.tokens(1000))
                        .keep(ContextSize.tokens(250)),
                summarizer);
        List<Message> m = out.messages();
        assertEquals(
                "Here is a summary of the conversation to date:\n\nSUMMARY",
                ((UserMessage) m.get(0).chat()).singleText());
        assertEquals("h0", m.get(0).id());
        assertTrue(!(m.get(1).chat() instanceof ToolExecutionResultMessage), "no result without its call: " + m.get(1));
        assertEquals(1, summarizer.calls.get());
        assertEquals("r7", m.get(1).id(), "about 250 tokens kept: r7 (8 characters) and the last two rounds");
    }

    @Test
    void fractionsAreOfTheWindowGiven() {
        TestModels.Scripted summarizer = new TestModels.Scripted(m -> AiMessage.from("S"));
        AgentState<Void> small = run(
                Summarization.builder(summarizer)
                        .maxInputTokens(100_000)
                        .trigger(ContextSize.fraction(0.5))
                        .keep(ContextSize.messages(4)),
                summarizer);
        assertEquals(42, small.messages().size(), "far below half the window: untouched (41 and the reply)");
        AgentState<Void> big = run(
                Summarization.builder(summarizer)
                        .maxInputTokens(2_000)
                        .trigger(ContextSize.fraction(0.5))
                        .keep(ContextSize.messages(4)),
                summarizer);
        assertEquals(
                List.of("S", "a9"),
                List.of(
                        ((UserMessage) big.messages().get(0).chat())
                                .singleText()
                                .substring(48),
                        big.messages().get(1).id()));
    }

    @Test
    void configurationErrors() {
        TestModels.Scripted summarizer = new TestModels.Scripted(m -> AiMessage.from("S"));
        assertThrows(
                IllegalStateException.class,
                () -> Summarization.builder(summarizer)
                        .trigger(ContextSize.fraction(0.8))
                        .build());
        assertThrows(
                IllegalArgumentException.class,
                () -> Summarization.builder(summarizer)
                        .keep(ContextSize.messages(2).andTokens(3)));
        assertThrows(IllegalArgumentException.class, () -> ContextSize.fraction(1.5));
    }
}
