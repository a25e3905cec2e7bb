package dev.switchboard.agent.middleware;

import static dev.switchboard.agent.middleware.TestModels.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.middleware.ApprovalResponse.Decision;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The human-in-the-loop middleware with Java-typed decisions, paused in a SQLite file and resumed by another agent. */
class HumanInTheLoopTest {
    @TempDir
    Path dir;

    private Agent<Void> agent(JdbcSaver saver, OfficeTools tools, TestModels.Scripted model) {
        return Agent.builder(model)
                .tools(new OfficeToolsTools(tools))
                .middleware(HumanInTheLoop.builder()
                        .interruptOn("send_email", ToolReview.allowing(ReviewDecision.APPROVE, ReviewDecision.EDIT))
                        .interruptOn(
                                "delete_file",
                                ToolReview.all().when(c -> c.arguments().contains("important")))
                        .build())
                .checkpointer(saver)
                .build();
    }

    @Test
    void aPauseInAFileIsResumedByAnotherAgentWithTypedDecisions() throws Exception {
        RunConfig thread = RunConfig.thread("t1");
        TestModels.Scripted model = TestModels.callsThenAnswer(
                call("send_email", "{\"to\":\"bob@x.org\",\"body\":\"hi\"}", "c1"),
                call("delete_file", "{\"path\":\"tmp/scratch\"}", "c2"),
                call("delete_file", "{\"path\":\"important/report\"}", "c3"));
        OfficeTools tools = new OfficeTools();
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("hitl.db"))) {
            GraphOutput<AgentState<Void>> paused = agent(saver, tools, model)
                    .invoke(AgentStateUpdate.of().messages(List.of(Message.user("tidy up"))), thread);
            assertTrue(paused.paused());
            ApprovalRequest request = assertInstanceOf(
                    ApprovalRequest.class, paused.interrupts().get(0).value());
            assertEquals(
                    List.of("send_email", "delete_file"),
                    request.actionRequests().stream()
                            .map(ApprovalRequest.ActionRequest::name)
                            .toList());
            assertEquals(List.of(), tools.ran);
        }
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("hitl.db"))) {
            Agent<Void> other = agent(saver, tools, model);
            ApprovalRequest stored = other.getState(thread).interrupts().get(0).value(ApprovalRequest.class);
            assertEquals(
                    Map.of("path", "important/report"),
                    stored.actionRequests().get(1).args());
            assertEquals(
                    List.of(ReviewDecision.APPROVE, ReviewDecision.EDIT),
                    stored.reviewConfigs().get(0).allowedDecisions());
            AgentState<Void> done = other.invoke(
                            Command.resume(ApprovalResponse.of(
                                    Decision.edit("send_email", Map.of("to", "amy@x.org", "body", "hi")),
                                    Decision.approve())),
                            thread)
                    .value();
            // the calls run in parallel, one task each: their order is the results'
            assertEquals(
                    java.util.Set.of("delete_file:tmp/scratch", "send_email:amy@x.org", "delete_file:important/report"),
                    java.util.Set.copyOf(tools.ran));
            Message last = done.messages().get(done.messages().size() - 1);
            assertEquals(
                    "done: deleted tmp/scratch | sent to amy@x.org | deleted important/report",
                    ((AiMessage) last.chat()).text());
        }
    }

    @Test
    void anEditSentAsTextByAgentChatUiIsReadAsTheOriginalArgumentsKinds() {
        RunConfig thread = RunConfig.thread("t2");
        TestModels.Scripted model = TestModels.callsThenAnswer(call(
                "schedule", "{\"title\":\"standup\",\"minutes\":15,\"remind\":true,\"invitees\":[\"bob\"]}", "c1"));
        Agent<Void> agent = Agent.builder(model)
                .tools(new PlannerToolsTools(new PlannerTools()))
                .middleware(HumanInTheLoop.builder().interruptOn("schedule").build())
                .checkpointer(new MemorySaver())
                .build();
        agent.invoke(AgentStateUpdate.of().messages(List.of(Message.user("plan it"))), thread);
        // agent-chat-ui's form: every edited field is text, the untouched ones keep their JSON values
        Map<String, Object> edited = Map.of(
                "type",
                "edit",
                "edited_action",
                Map.of(
                        "name",
                        "schedule",
                        "args",
                        Map.of("title", "retro", "minutes", "30", "remind", "false", "invitees", "[\"amy\",\"bob\"]")));
        AgentState<Void> done = agent.invoke(Command.resume(Map.of("decisions", List.of(edited))), thread)
                .value();
        assertEquals(
                "done: scheduled retro for 30 min, remind false, with [amy, bob]",
                ((AiMessage) done.lastAiMessage().orElseThrow().chat()).text());
    }

    @Test
    void anEditedTextThatIsNotTheOriginalsKindReachesTheToolAsText() {
        RunConfig thread = RunConfig.thread("t3");
        TestModels.Scripted model = TestModels.callsThenAnswer(
                call("schedule", "{\"title\":\"standup\",\"minutes\":15,\"remind\":true,\"invitees\":[]}", "c1"));
        Agent<Void> agent = Agent.builder(model)
                .tools(new PlannerToolsTools(new PlannerTools()))
                .middleware(HumanInTheLoop.builder().interruptOn("schedule").build())
                .checkpointer(new MemorySaver())
                .build();
        agent.invoke(AgentStateUpdate.of().messages(List.of(Message.user("plan it"))), thread);
        AgentState<Void> done = agent.invoke(
                        Command.resume(ApprovalResponse.of(Decision.edit(
                                "schedule",
                                Map.of(
                                        "title",
                                        "standup",
                                        "minutes",
                                        "half an hour",
                                        "remind",
                                        true,
                                        "invitees",
                                        List.of())))),
                        thread)
                .value();
        String result = ((AiMessage) done.lastAiMessage().orElseThrow().chat()).text();
        assertTrue(result.startsWith("done: ") && result.contains("minutes"), result);
    }
}
