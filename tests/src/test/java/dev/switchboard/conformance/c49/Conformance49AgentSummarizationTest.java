package dev.switchboard.conformance.c49;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.middleware.ContextSize;
import dev.switchboard.agent.middleware.Summarization;
import dev.switchboard.annotation.Tools;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.agents.AgentViews;
import dev.switchboard.conformance.agents.ScriptedModel;
import dev.switchboard.conformance.agents.ScriptedModel.Reply;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * Scenario 49: the summarization middleware. The state becomes {@code [summary, ...kept]}; the cut
 * never separates an AI message's tool calls from their results; below the trigger, or with nothing
 * to cut, nothing happens and the summarizer is not called; a system message goes into the summary;
 * token sizes; a second turn summarizes the summary again.
 */
class Conformance49AgentSummarizationTest {
    private static final Oracle ORACLE = Oracle.load("49-agent-summarization");

    @Tools
    static final class Lookup {
        @Tool("Look up")
        String lookup(String q) {
            return "found " + q;
        }
    }

    private static List<Message> history() {
        return List.of(
                Message.of("h1", UserMessage.from("q1")),
                Message.of("a1", AiMessage.from(List.of(AgentViews.toolCall("lookup", "{\"q\":\"1\"}", "c1")))),
                Message.of("t1", tool("c1", "r1")),
                Message.of("a2", AiMessage.from("answer 1")),
                Message.of("h2", UserMessage.from("q2")),
                Message.of(
                        "a3",
                        AiMessage.from(List.of(
                                AgentViews.toolCall("lookup", "{\"q\":\"2\"}", "c2"),
                                AgentViews.toolCall("lookup", "{\"q\":\"3\"}", "c3")))),
                Message.of("t2", tool("c2", "r2")),
                Message.of("t3", tool("c3", "r3")),
                Message.of("a4", AiMessage.from("answer 2")),
                Message.of("h3", UserMessage.from("q3")));
    }

    private static ToolExecutionResultMessage tool(String id, String text) {
        return ToolExecutionResultMessage.builder()
                .id(id)
                .toolName("lookup")
                .text(text)
                .build();
    }

    /** The scenario's token counter: all characters of the messages' contents. */
    private static final ToIntFunction<List<Message>> CHARS =
            messages -> messages.stream().mapToInt(m -> text(m.chat()).length()).sum();

    private static String text(ChatMessage c) {
        if (c instanceof UserMessage u) {
            return u.singleText();
        }
        if (c instanceof AiMessage a) {
            return a.text() == null ? "" : a.text();
        }
        if (c instanceof SystemMessage s) {
            return s.text();
        }
        return ((ToolExecutionResultMessage) c).text();
    }

    private record Case(
            ContextSize[] trigger, ContextSize keep, ToIntFunction<List<Message>> counter, boolean checkpointer) {
        Case(ContextSize keep) {
            this(new ContextSize[] {ContextSize.messages(5)}, keep, null, false);
        }
    }

    /** The scenario's runCase: one result per turn. */
    private static List<Map<String, Object>> run(Case c, List<List<Message>> turns) {
        List<Map<String, Object>> log = new ArrayList<>();
        ScriptedModel main = new ScriptedModel("m", log, (messages, n) -> {
            String lastHuman = "";
            for (ChatMessage m : messages) {
                if (m instanceof UserMessage u) {
                    lastHuman = u.singleText();
                }
            }
            return new Reply("m-" + (n + 1), AiMessage.from("reply to: " + lastHuman));
        });
        ScriptedModel summarizer =
                new ScriptedModel("s", log, (messages, n) -> new Reply(null, AiMessage.from("SUMMARY#" + (n + 1))));
        Summarization.Builder s = Summarization.builder(summarizer)
                .trigger(c.trigger())
                .keep(c.keep())
                .summaryPrompt("SUMMARIZE:\n{messages}");
        if (c.counter() != null) {
            s.tokenCounter(c.counter());
        }
        Agent.Builder<Void> b = Agent.builder(main)
                .tools(new Conformance49AgentSummarizationTest_LookupTools(new Lookup()))
                .middleware(s.build());
        if (c.checkpointer()) {
            b.checkpointer(new MemorySaver());
        }
        Agent<Void> agent = b.build();
        List<Map<String, Object>> results = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            int before = log.size();
            List<Message> out = agent.invoke(
                            AgentStateUpdate.of().messages(turns.get(i)),
                            c.checkpointer() ? RunConfig.thread("sum") : RunConfig.defaults())
                    .value()
                    .messages();
            List<Map<String, Object>> calls = log.subList(before, log.size());
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("turn", i + 1);
            r.put(
                    "summarizer_prompts",
                    calls.stream()
                            .filter(e -> e.get("model").equals("s"))
                            .map(e -> ((List<?>) e.get("messages")).isEmpty()
                                    ? ""
                                    : ((Map<?, ?>) ((List<?>) e.get("messages")).get(0)).get("content"))
                            .toList());
            r.put(
                    "summarizer_input_message_types",
                    calls.stream()
                            .filter(e -> e.get("model").equals("s"))
                            .map(e -> ((List<?>) e.get("messages"))
                                    .stream()
                                            .map(m -> ((Map<?, ?>) m).get("type"))
                                            .toList())
                            .toList());
            r.put(
                    "main_model_saw",
                    calls.stream()
                            .filter(e -> e.get("model").equals("m"))
                            .map(e -> e.get("messages"))
                            .toList());
            r.put("result_messages", out);
            results.add(r);
        }
        return results;
    }

    /** The model was sent messages without ids (LangChain4j requests have none): the oracle's are dropped. */
    private static void assertTurn(Map<String, Object> actual, Object... path) {
        tools.jackson.databind.JsonNode expected = ORACLE.at(path).deepCopy();
        expected.get("main_model_saw")
                .forEach(call -> call.forEach(m -> ((tools.jackson.databind.node.ObjectNode) m).remove("id")));
        assertEquals(
                Oracle.normalizeIds(expected),
                Oracle.normalizeIds(Oracle.json(AgentViews.of(actual))),
                () -> List.of(path).toString());
    }

    @Test
    void keepingMessagesNeverSplitsAToolCallFromItsResult() {
        for (int k : new int[] {2, 3, 4, 5, 8, 10}) {
            assertTurn(
                    run(new Case(ContextSize.messages(k)), List.of(history())).get(0), "keep_" + k);
        }
    }

    @Test
    void belowTheTriggerNothingHappens() {
        Case c = new Case(new ContextSize[] {ContextSize.messages(20)}, ContextSize.messages(3), null, false);
        assertTurn(run(c, List.of(history())).get(0), "trigger_not_reached");
    }

    @Test
    void aSystemMessageAtTheHeadIsSummarized() {
        List<Message> withSystem = new ArrayList<>();
        withSystem.add(Message.of("s0", SystemMessage.from("be brief")));
        withSystem.addAll(history());
        assertTurn(run(new Case(ContextSize.messages(3)), List.of(withSystem)).get(0), "system_message_in_state");
    }

    @Test
    void tokenSizes() {
        assertEquals(ORACLE.at("tokens_total_chars_of_H").asInt(), CHARS.applyAsInt(history()));
        Case c = new Case(new ContextSize[] {ContextSize.tokens(20)}, ContextSize.tokens(8), CHARS, false);
        assertTurn(run(c, List.of(history())).get(0), "tokens");
    }

    @Test
    void aSecondTurnSummarizesTheSummaryAgain() {
        Case c = new Case(new ContextSize[] {ContextSize.messages(5)}, ContextSize.messages(3), null, true);
        List<Map<String, Object>> turns = run(c, List.of(history(), List.of(Message.of("h4", UserMessage.from("q4")))));
        assertTurn(turns.get(0), "two_turns", 0);
        assertTurn(turns.get(1), "two_turns", 1);
    }
}
