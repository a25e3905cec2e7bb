package dev.switchboard.conformance.c34;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.langchain4j.AddMessages;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

record Msgs(@Reducer(AddMessages.class) List<Message> messages) {}

class EchoMessages {
    @Node
    @Edge(from = START)
    MsgsUpdate echo(Msgs s) {
        String last = "-";
        for (Message m : s.messages()) {
            if (!m.isRemoval() && m.chat() instanceof UserMessage u) {
                last = u.singleText();
            }
        }
        return MsgsUpdate.of().messages(List.of(Message.ai("echo: " + last)));
    }
}

class ParallelAppend {
    @Node
    @Edge(from = START)
    MsgsUpdate zeta(Msgs s) {
        return MsgsUpdate.of().messages(List.of(Message.ai("from zeta")));
    }

    @Node
    @Edge(from = START)
    MsgsUpdate alpha(Msgs s) {
        return MsgsUpdate.of().messages(List.of(Message.ai("from alpha")));
    }

    @Node
    @Edge(from = "zeta")
    @Edge(from = "alpha")
    MsgsUpdate join(Msgs s) {
        List<String> ai = s.messages().stream()
                .filter(m -> m.ai() != null)
                .map(m -> m.ai().text())
                .toList();
        return MsgsUpdate.of().messages(List.of(Message.ai("join saw: " + String.join(",", ai))));
    }
}

class RemoveVersusReplace {
    final List<Message> alphaOut;
    final List<Message> zetaOut;

    RemoveVersusReplace(List<Message> alphaOut, List<Message> zetaOut) {
        this.alphaOut = alphaOut;
        this.zetaOut = zetaOut;
    }

    @Node
    @Edge(from = START)
    MsgsUpdate zeta2(Msgs s) {
        return MsgsUpdate.of().messages(zetaOut);
    }

    @Node
    @Edge(from = START)
    MsgsUpdate alpha2(Msgs s) {
        return MsgsUpdate.of().messages(alphaOut);
    }
}

class EditAndSummarize {
    @Node
    @Edge(from = START)
    MsgsUpdate edit(Msgs s) {
        return MsgsUpdate.of()
                .messages(List.of(
                        Message.of("a1", AiMessage.from("a1 edited")), Message.remove("h1"), Message.user("appended")));
    }

    @Node
    @Edge(from = "edit")
    MsgsUpdate summarize(Msgs s) {
        Message last = s.messages().get(s.messages().size() - 1);
        return MsgsUpdate.of()
                .messages(List.of(
                        Message.removeAll(),
                        Message.of(
                                "sum",
                                SystemMessage.from("summary of " + s.messages().size() + " messages")),
                        last));
    }
}

class RemoveGhost {
    @Node
    @Edge(from = START)
    MsgsUpdate bad(Msgs s) {
        return MsgsUpdate.of().messages(List.of(Message.remove("ghost")));
    }
}

class OverwriteThenAppend {
    @Node
    @Edge(from = START)
    MsgsUpdate ow(Msgs s) {
        return MsgsUpdate.of().overwriteMessages(List.of(Message.user("only")));
    }

    @Node
    @Edge(from = "ow")
    MsgsUpdate after(Msgs s) {
        return MsgsUpdate.of().messages(List.of(Message.ai("after")));
    }
}

/**
 * Conformance scenario 34: LangGraph's {@code add_messages} over LangChain4j messages, called
 * directly and as the reducer of a {@code messages} channel. Not ported, because a typed Java API
 * has no such input: the JS coercion of untyped wire forms (strings, {@code [role, content]} pairs,
 * OpenAI dicts) and a bare message in place of a list; {@code wire_remove} and {@code
 * wire_remove_all} are ported with typed removals. One deviation is asserted explicitly: the JS
 * reducer writes the generated id onto the node's own message object, so its {@code updates}
 * stream shows it; ours shows the write as the node returned it (without an id).
 */
class Conformance34MessagesReducerTest {
    private static final Pattern UUID4 =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    private final Oracle oracle = Oracle.load("34-messages-reducer");
    private final AddMessages reducer = new AddMessages();

    private static Message h(String text, String id) {
        return id == null ? Message.user(text) : Message.of(id, UserMessage.from(text));
    }

    private static Message a(String text, String id) {
        return id == null ? Message.ai(text) : Message.of(id, AiMessage.from(text));
    }

    private static List<Message> base() {
        return List.of(h("hello", "h1"), a("hi there", "a1"), h("how are you", "h2"));
    }

    private static Map<String, Object> idFacts(List<Message> messages) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("all_have_ids", messages.stream().allMatch(x -> x.id() != null && !x.id().isEmpty()));
        m.put(
                "all_uuid_v4",
                messages.stream()
                        .allMatch(x -> x.id() != null && UUID4.matcher(x.id()).matches()));
        m.put("unique", new HashSet<>(messages.stream().map(Message::id).toList()).size() == messages.size());
        return m;
    }

    /** The harness's {@code tryRun}: {@code {ok, result}} or {@code {ok: false, error: {name, message}}}. */
    private static Map<String, Object> tryRun(Supplier<Object> run) {
        Map<String, Object> m = new LinkedHashMap<>();
        try {
            Object result = run.get();
            m.put("ok", true);
            m.put("result", Neutral.of(result));
        } catch (InvalidUpdateException e) {
            m.put("ok", false);
            m.put("error", Map.of("name", "Error", "message", e.getMessage()));
        }
        return m;
    }

    private Map<String, Object> reduce(List<Message> left, List<Message> right) {
        return tryRun(() -> reducer.reduce(left, right));
    }

    @Test
    void reducerCalledDirectly() {
        Map<String, Object> d = new LinkedHashMap<>();
        List<Message> merged =
                reducer.reduce(List.of(), List.of(h("first", null), a("second", null), Message.system("third")));
        d.put("append_without_ids", Map.of("result", Neutral.of(merged), "ids", idFacts(merged)));
        List<Message> left = reducer.reduce(List.of(h("old, no id", null)), List.of(a("new, no id", null)));
        d.put("left_without_ids", Map.of("result", Neutral.of(left), "ids", idFacts(left)));
        d.put("empty_update", reduce(base(), List.of()));
        d.put("replace_by_id_keeps_position", reduce(base(), List.of(a("hi there (edited)", "a1"))));
        d.put(
                "replace_by_id_with_other_type",
                reduce(base(), List.of(Message.of("a1", SystemMessage.from("now a system message")))));
        d.put("remove_by_id", reduce(base(), List.of(Message.remove("a1"))));
        d.put("remove_unknown_id", reduce(base(), List.of(Message.remove("ghost"))));
        d.put("remove_unknown_id_after_valid_ops", reduce(base(), List.of(a("x", "a9"), Message.remove("ghost"))));
        d.put(
                "remove_all_then_new",
                reduce(
                        base(),
                        List.of(
                                h("before marker", "n0"),
                                Message.removeAll(),
                                h("after 1", "n1"),
                                a("after 2", "n2"))));
        d.put("remove_all_alone", reduce(base(), List.of(Message.removeAll())));
        d.put(
                "remove_all_twice_last_wins",
                reduce(base(), List.of(Message.removeAll(), h("between", "n1"), Message.removeAll(), h("last", "n2"))));
        d.put("remove_all_then_remove_unknown", reduce(base(), List.of(Message.removeAll(), Message.remove("h1"))));
        d.put("remove_all_on_empty_left", reduce(List.of(), List.of(Message.removeAll(), h("x", "n1"))));
        d.put(
                "mixed_replace_remove_append",
                reduce(
                        base(),
                        List.of(
                                a("hi there (edited)", "a1"),
                                Message.remove("h1"),
                                h("appended", "h3"),
                                Message.remove("h2"))));
        d.put("remove_then_readd_same_id", reduce(base(), List.of(Message.remove("h1"), h("hello again", "h1"))));
        d.put("readd_then_remove_same_id", reduce(base(), List.of(h("hello again", "h1"), Message.remove("h1"))));
        d.put("append_then_remove_new_id", reduce(base(), List.of(h("temp", "t1"), Message.remove("t1"))));
        d.put(
                "duplicate_new_ids_in_update",
                reduce(base(), List.of(h("dup first", "x1"), a("other", "x2"), h("dup second", "x1"))));
        ToolExecutionRequest add = ToolExecutionRequest.builder()
                .id("call_1")
                .name("add")
                .arguments("{\"a\":2,\"b\":3}")
                .build();
        d.put(
                "tool_call_round_trip",
                reduce(
                        List.of(h("add 2 and 3", "h1")),
                        List.of(
                                Message.of("a1", AiMessage.from(add)),
                                Message.of("t1", ToolExecutionResultMessage.from("call_1", "add", "5")))));
        d.put("wire_remove", reduce(base(), List.of(Message.remove("h2"))));
        d.put("wire_remove_all", reduce(base(), List.of(Message.removeAll(), h("fresh", "f1"))));
        d.put("remove_all_constant", Message.REMOVE_ALL);
        for (Map.Entry<String, Object> e : d.entrySet()) {
            JsonAssert.sameIgnoringIds(oracle, e.getValue(), "direct", e.getKey());
        }
    }

    @Test
    void echoGraphWithCheckpointsReplacesRemovesAndClears() {
        EchoMessagesGraph g = EchoMessagesGraph.builder(new EchoMessages())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("m1");
        Map<String, Object> facts = new LinkedHashMap<>();
        Msgs r1 = g.invoke(MsgsUpdate.of().messages(List.of(Message.user("hi"))), cfg)
                .value();
        facts.put("invoke1_human_message", Neutral.of(Map.of("messages", r1.messages())));
        facts.put("invoke1_ids", idFacts(r1.messages()));
        Msgs r2 = g.invoke(MsgsUpdate.of().messages(List.of(Message.user("again"))), cfg)
                .value();
        facts.put("invoke2_plain_string", Neutral.of(Map.of("messages", r2.messages())));
        facts.put("invoke2_ids", idFacts(r2.messages()));
        String firstHuman = r2.messages().get(0).id();
        String firstAi = r2.messages().get(1).id();
        facts.put(
                "invoke3_replace_first_human_by_id",
                Neutral.of(Map.of(
                        "messages",
                        g.invoke(MsgsUpdate.of().messages(List.of(h("hi (edited)", firstHuman))), cfg)
                                .value()
                                .messages())));
        facts.put(
                "invoke4_remove_first_ai",
                Neutral.of(Map.of(
                        "messages",
                        g.invoke(MsgsUpdate.of().messages(List.of(Message.remove(firstAi))), cfg)
                                .value()
                                .messages())));
        facts.put(
                "invoke5_wire_remove_all_then_new",
                Neutral.of(Map.of(
                        "messages",
                        g.invoke(MsgsUpdate.of().messages(List.of(Message.removeAll(), Message.user("fresh"))), cfg)
                                .value()
                                .messages())));
        facts.put(
                "stream_values_invoke6",
                Neutral.of(Oracle.values(g.stream(MsgsUpdate.of().messages(List.of(h("streamed", "s1"))), cfg))));
        List<Map<String, Object>> history = new ArrayList<>();
        for (var s : g.getStateHistory(cfg)) {
            Map<String, Object> m = new LinkedHashMap<>();
            List<Message> msgs = s.values().messages();
            m.put("step", s.metadata().step());
            m.put("source", s.metadata().source().wireName());
            m.put("next", s.next());
            m.put("message_count", msgs.size());
            m.put(
                    "contents",
                    msgs.stream().map(x -> x.isRemoval() ? null : text(x)).toList());
            history.add(m);
        }
        facts.put("history", history);
        JsonAssert.factsIgnoringIds(oracle, "graph_echo", facts);
    }

    private static String text(Message m) {
        return (String) ((Map<?, ?>) Neutral.of(m)).get("content");
    }

    @Test
    void parallelAppendsComeInNodeOrder() {
        ParallelAppendGraph g =
                ParallelAppendGraph.builder(new ParallelAppend()).build();
        Msgs r = g.invoke(MsgsUpdate.of().messages(List.of(h("go", "h0")))).value();
        JsonAssert.sameIgnoringIds(
                oracle,
                Map.of(
                        "result",
                        Neutral.of(Map.of("messages", r.messages())),
                        "generated_ids",
                        idFacts(r.messages().subList(1, 4))),
                "graph_parallel_append");
        var updates = ParallelAppendGraph.builder(new ParallelAppend()).executor(Runnable::run).build().stream(
                MsgsUpdate.of().messages(List.of(h("go", "h0"))), RunConfig.defaults(), StreamMode.UPDATES);
        List<Object> ours = new ArrayList<>();
        for (Map<String, Object> u : Oracle.updates(updates)) {
            ours.add(withoutIdsOfNewMessages(Neutral.of(u)));
        }
        List<Object> theirs = new ArrayList<>();
        oracle.at("graph_parallel_append_stream_updates")
                .forEach(n -> theirs.add(withoutIdsOfNewMessages(Oracle.parse(n.toString()))));
        assertEquals(
                Oracle.json(theirs), Oracle.json(ours), "updates show the node's writes; ids aside (see class doc)");
    }

    @Test
    void parallelRemoveAndReplaceOfOneIdApplyInNodeOrder() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put(
                "alpha_removes_zeta_replaces",
                tryRun(() -> Map.of(
                        "messages",
                        RemoveVersusReplaceGraph.builder(new RemoveVersusReplace(
                                        List.of(Message.remove("a1")), List.of(a("a1 replaced by zeta2", "a1"))))
                                .build()
                                .invoke(MsgsUpdate.of().messages(base()))
                                .value()
                                .messages())));
        facts.put(
                "alpha_replaces_zeta_removes",
                tryRun(() -> Map.of(
                        "messages",
                        RemoveVersusReplaceGraph.builder(new RemoveVersusReplace(
                                        List.of(a("a1 replaced by alpha2", "a1")), List.of(Message.remove("a1"))))
                                .build()
                                .invoke(MsgsUpdate.of().messages(base()))
                                .value()
                                .messages())));
        JsonAssert.factsIgnoringIds(oracle, "graph_parallel_remove_vs_replace", facts);
    }

    @Test
    void removeAllThenSummaryReplacesTheConversation() {
        EditAndSummarizeGraph g =
                EditAndSummarizeGraph.builder(new EditAndSummarize()).build();
        JsonAssert.sameIgnoringIds(
                oracle,
                Neutral.of(Oracle.values(g.stream(MsgsUpdate.of().messages(base()), RunConfig.defaults()))),
                "graph_edit_and_summarize",
                "stream_values");
        List<Object> ours = new ArrayList<>();
        Oracle.updates(g.stream(MsgsUpdate.of().messages(base()), RunConfig.defaults(), StreamMode.UPDATES))
                .forEach(u -> ours.add(Neutral.of(u)));
        JsonAssert.sameAs(
                withoutIdsOfNewMessages(ours),
                withoutIdsOfNewMessages(Oracle.parse(
                        oracle.at("graph_edit_and_summarize", "stream_updates").toString())));
    }

    @Test
    void removingAnUnknownIdFailsTheRunAndTheInput() {
        RemoveGhostGraph g = RemoveGhostGraph.builder(new RemoveGhost())
                .checkpointer(new MemorySaver())
                .build();
        InvalidUpdateException e = assertThrows(
                InvalidUpdateException.class, () -> g.invoke(MsgsUpdate.of().messages(base()), RunConfig.thread("g5")));
        // Our runtime adds which node wrote the bad update.
        assertEquals(
                oracle.at("graph_remove_unknown_id", "invoke", "error", "message")
                                .asString()
                        + " Written in this step by node 'bad'.",
                e.getMessage());
        List<Map<String, Object>> history = new ArrayList<>();
        for (var s : g.getStateHistory(RunConfig.thread("g5"))) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("step", s.metadata().step());
            m.put("source", s.metadata().source().wireName());
            m.put("next", s.next());
            m.put("message_count", s.values().messages().size());
            history.add(m);
        }
        assertEquals(oracle.at("graph_remove_unknown_id", "history_after", "result"), Oracle.json(history));
        InvalidUpdateException input = assertThrows(
                InvalidUpdateException.class,
                () -> g.invoke(
                        MsgsUpdate.of().messages(List.of(Message.remove("ghost-in-input"))), RunConfig.thread("g5b")));
        assertEquals(
                oracle.at("graph_remove_unknown_id", "input_remove_unknown_id", "error", "message")
                                .asString()
                        + " Written in this step by node '__start__'.",
                input.getMessage());
    }

    @Test
    void overwriteBypassesTheReducerAndTheNextWriteGivesIds() {
        OverwriteThenAppendGraph g =
                OverwriteThenAppendGraph.builder(new OverwriteThenAppend()).build();
        JsonAssert.sameIgnoringIds(
                oracle,
                Neutral.of(Oracle.values(g.stream(MsgsUpdate.of().messages(base()), RunConfig.defaults()))),
                "graph_overwrite");
    }

    /** The ids of messages that a node wrote without one: the JS reducer shows them, ours do not. */
    @SuppressWarnings("unchecked")
    private static Object withoutIdsOfNewMessages(Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            ((Map<String, Object>) m).forEach((k, x) -> out.put(k, withoutIdsOfNewMessages(x)));
            Object id = out.get("id");
            if (out.containsKey("type") && (id == null || Pattern.matches("<id:\\d+>|[0-9a-f-]{36}", id.toString()))) {
                out.put("id", "<new>");
            }
            return out;
        }
        if (v instanceof List<?> l) {
            return l.stream()
                    .map(Conformance34MessagesReducerTest::withoutIdsOfNewMessages)
                    .toList();
        }
        return v;
    }
}
