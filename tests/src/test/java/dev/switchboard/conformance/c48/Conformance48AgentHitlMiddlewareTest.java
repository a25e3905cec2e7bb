package dev.switchboard.conformance.c48;

import static dev.switchboard.conformance.agents.AgentFacts.same;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.middleware.HumanInTheLoop;
import dev.switchboard.agent.middleware.ReviewDecision;
import dev.switchboard.agent.middleware.ToolReview;
import dev.switchboard.annotation.Tools;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.conformance.Runs;
import dev.switchboard.conformance.agents.AgentFacts;
import dev.switchboard.conformance.agents.AgentViews;
import dev.switchboard.conformance.agents.ScriptedModel;
import dev.switchboard.conformance.agents.ScriptedModel.Reply;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Scenario 48: the human-in-the-loop middleware. One interrupt per model reply lists every reviewed
 * call; approve, edit and reject; one rejection drops the message's other reviewed calls and goes
 * back to the model; an auto-approved call moves to the front; decisions that do not fit fail.
 *
 * <p>The interrupt's value is LangChain's {@code HITLRequest} in the snake-case keys of LangChain
 * Python, which agent-chat-ui reads ({@code action_requests}, {@code review_configs}, {@code
 * action_name}, {@code allowed_decisions}); LangChain.js writes the same object in camel case, so the
 * oracle's keys are converted before comparing. Decisions are given as the scenario gives them (JS
 * keys, {@code editedAction}), which the middleware reads as well as {@code edited_action}.
 */
class Conformance48AgentHitlMiddlewareTest {
    private static final Oracle ORACLE = Oracle.load("48-agent-hitl-middleware");

    @Tools
    static final class Office {
        final Runs runs;

        Office(Runs runs) {
            this.runs = runs;
        }

        @Tool("Send an email")
        String send_email(String to, String body) {
            runs.hit("tool:send_email");
            return "sent to " + to + ": " + body;
        }

        @Tool("Delete a file")
        String delete_file(String path) {
            runs.hit("tool:delete_file");
            return "deleted " + path;
        }

        @Tool("Look up")
        String lookup(String q) {
            runs.hit("tool:lookup");
            return "found " + q;
        }
    }

    private static final ToolExecutionRequest SEND =
            AgentViews.toolCall("send_email", "{\"to\":\"bob@x.org\",\"body\":\"hi\"}", "call_1");
    private static final ToolExecutionRequest DEL =
            AgentViews.toolCall("delete_file", "{\"path\":\"drafts/a.txt\"}", "call_2");
    private static final ToolExecutionRequest LOOK = AgentViews.toolCall("lookup", "{\"q\":\"x\"}", "call_0");
    private static final Map<String, Object> APPROVE = Map.of("type", "approve");
    private static final Map<String, Object> EDIT_DEL = ordered(
            "type", "edit", "editedAction", ordered("name", "delete_file", "args", Map.of("path", "drafts/b.txt")));
    private static final Map<String, Object> EDIT_SEND = ordered(
            "type",
            "edit",
            "editedAction",
            ordered("name", "send_email", "args", ordered("to", "amy@x.org", "body", "yo")));

    /** A JSON object with its keys in the order given, as the scenario writes them. */
    private static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static AgentMiddleware defaultReviews() {
        return HumanInTheLoop.builder()
                .interruptOn("send_email")
                .interruptOn("delete_file", ToolReview.all().describedAs("Delete a file?"))
                .build();
    }

    private final Runs runs = new Runs();

    private Agent<Void> agent(List<ToolExecutionRequest> calls, List<Map<String, Object>> log, AgentMiddleware hitl) {
        ScriptedModel model = new ScriptedModel("m", log, (messages, n) -> {
            int k = ScriptedModel.aiCount(messages);
            if (k == 0) {
                return new Reply("ai-1", AiMessage.from(calls));
            }
            String results = messages.stream()
                    .filter(m -> m instanceof ToolExecutionResultMessage)
                    .map(m -> ((ToolExecutionResultMessage) m).text())
                    .collect(Collectors.joining(" | "));
            return new Reply("ai-" + (k + 1), AiMessage.from("done after: " + results));
        });
        return Agent.builder(model)
                .tools(new Conformance48AgentHitlMiddlewareTest_OfficeTools(new Office(runs)))
                .middleware(hitl)
                .checkpointer(new MemorySaver())
                .build();
    }

    /** The scenario's runCase: first invoke, paused state, resume, tool runs, model calls, history. */
    private Map<String, Object> runCase(
            String thread,
            List<ToolExecutionRequest> calls,
            List<Map<String, Object>> decisions,
            AgentMiddleware hitl) {
        List<Map<String, Object>> log = new ArrayList<>();
        Agent<Void> agent = agent(calls, log, hitl);
        RunConfig cfg = RunConfig.thread(thread);
        Map<String, Object> o = new LinkedHashMap<>();
        GraphOutput<AgentState<Void>> first = agent.invoke(
                AgentStateUpdate.of().messages(List.of(Message.of("h1", UserMessage.from("please do it")))), cfg);
        Map<String, Object> firstView = new LinkedHashMap<>();
        firstView.put("messages", first.value().messages());
        firstView.put("__interrupt__", Oracle.interrupts(first.interrupts()));
        o.put("first", firstView);
        StateSnapshot<AgentState<Void>> s = agent.getState(cfg);
        Map<String, Object> paused = new LinkedHashMap<>();
        paused.put("next", s.next());
        paused.put("step", s.metadata().step());
        paused.put(
                "tasks", s.tasks().stream().map(StateSnapshot.PregelTask::name).toList());
        paused.put("interrupt_count", s.interrupts().size());
        o.put("paused", paused);
        Map<String, Object> resume = new LinkedHashMap<>();
        try {
            AgentState<Void> after = agent.invoke(Command.resume(Map.of("decisions", decisions)), cfg)
                    .value();
            resume.put("ok", true);
            resume.put("result", Map.of("messages", after.messages()));
        } catch (NodeException e) {
            resume.put("ok", false);
            resume.put("error", e);
        }
        o.put("resume", resume);
        o.put("runs", runs.get());
        o.put("model_calls", log.size());
        o.put("history", AgentFacts.history(agent, cfg, false));
        return o;
    }

    private void assertCase(String name, Map<String, Object> actual) {
        JsonNode expected = ORACLE.at(name).deepCopy();
        snakeCase(((ObjectNode) expected.get("first")).get("__interrupt__"));
        assertEquals(
                Oracle.normalizeIds(Oracle.comparable(expected)),
                Oracle.normalizeIds(Oracle.comparable(Oracle.json(AgentViews.of(actual)))),
                name);
    }

    /** LangChain.js's camel-case keys of the HITL request, in LangChain Python's snake case. */
    private static void snakeCase(JsonNode n) {
        if (n instanceof ObjectNode o) {
            List<String> keys = new ArrayList<>();
            o.propertyNames().forEach(keys::add);
            for (String k : keys) {
                JsonNode v = o.remove(k);
                snakeCase(v);
                o.set(k.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT), v);
            }
        } else if (n instanceof ArrayNode a) {
            a.forEach(Conformance48AgentHitlMiddlewareTest::snakeCase);
        }
    }

    @Test
    void graphNodes() {
        same(
                ORACLE,
                agent(List.of(SEND, DEL), new ArrayList<>(), defaultReviews()).nodes(),
                "graph_nodes");
    }

    @Test
    void approveApprove() {
        assertCase("approve_approve", runCase("h-aa", List.of(SEND, DEL), List.of(APPROVE, APPROVE), defaultReviews()));
    }

    @Test
    void approveEdit() {
        assertCase("approve_edit", runCase("h-ae", List.of(SEND, DEL), List.of(APPROVE, EDIT_DEL), defaultReviews()));
    }

    @Test
    void approveReject() {
        assertCase(
                "approve_reject",
                runCase(
                        "h-ar",
                        List.of(SEND, DEL),
                        List.of(APPROVE, Map.of("type", "reject", "message", "not allowed")),
                        defaultReviews()));
    }

    @Test
    void rejectWithTheDefaultMessage() {
        assertCase(
                "reject_default",
                runCase("h-rd", List.of(SEND, DEL), List.of(APPROVE, Map.of("type", "reject")), defaultReviews()));
    }

    @Test
    void editThenReject() {
        assertCase(
                "edit_reject",
                runCase(
                        "h-er",
                        List.of(SEND, DEL),
                        List.of(EDIT_SEND, Map.of("type", "reject", "message", "no")),
                        defaultReviews()));
    }

    @Test
    void anAutoApprovedCallMovesToTheFront() {
        assertCase(
                "three_calls", runCase("h-3", List.of(SEND, LOOK, DEL), List.of(APPROVE, EDIT_DEL), defaultReviews()));
    }

    @Test
    void decisionsThatDoNotFitFailTheRun() {
        assertError("count_mismatch", runCase("h-x1", List.of(SEND, DEL), List.of(APPROVE), defaultReviews()));
        AgentMiddleware noEdit = HumanInTheLoop.builder()
                .interruptOn("send_email")
                .interruptOn("delete_file", ToolReview.allowing(ReviewDecision.APPROVE, ReviewDecision.REJECT))
                .build();
        assertError("not_allowed", runCase("h-x2", List.of(SEND, DEL), List.of(APPROVE, EDIT_DEL), noEdit));
        assertError(
                "unknown_type",
                runCase("h-x3", List.of(SEND, DEL), List.of(APPROVE, Map.of("type", "maybe")), defaultReviews()));
    }

    private static void assertError(String name, Map<String, Object> actual) {
        @SuppressWarnings("unchecked")
        Map<String, Object> resume = (Map<String, Object>) actual.get("resume");
        assertEquals(false, resume.get("ok"), name);
        NodeException e = (NodeException) resume.get("error");
        assertInstanceOf(IllegalArgumentException.class, e.getCause(), name);
        assertEquals(
                ORACLE.at("errors", name, "error", "message").asString(),
                e.getCause().getMessage(),
                name);
    }
}
