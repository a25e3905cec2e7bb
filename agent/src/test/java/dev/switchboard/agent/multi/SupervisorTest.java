package dev.switchboard.agent.multi;

import static dev.switchboard.agent.multi.Scripts.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.middleware.ApprovalResponse;
import dev.switchboard.agent.middleware.ApprovalResponse.Decision;
import dev.switchboard.agent.middleware.HumanInTheLoop;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A supervisor hands work to a worker, which hands back; a pause inside the worker pauses the team. */
class SupervisorTest {
    @TempDir
    Path dir;

    /** Transfers to math first, then answers with what the worker said. */
    private static Scripts.Model supervisor() {
        return new Scripts.Model(m -> {
            boolean back = m.stream()
                    .anyMatch(x -> x instanceof ToolExecutionResultMessage t
                            && t.text().equals("Successfully transferred back to supervisor"));
            if (!back) {
                return AiMessage.from(List.of(call("transfer_to_math", "{}", "s1")));
            }
            return AiMessage.from("the team says " + workerAnswer(m));
        });
    }

    private static String workerAnswer(List<ChatMessage> m) {
        for (int i = m.size() - 1; i >= 0; i--) {
            if (m.get(i) instanceof AiMessage a && a.text() != null && a.text().startsWith("sum is")) {
                return a.text();
            }
        }
        return "?";
    }

    /** Adds, then reports the sum. */
    private static Scripts.Model math() {
        return new Scripts.Model(
                m -> Scripts.afterTool(m) && !Scripts.lastToolResult(m).startsWith("Successfully")
                        ? AiMessage.from("sum is " + Scripts.lastToolResult(m))
                        : AiMessage.from(List.of(call("add", "{\"a\":2,\"b\":3}", "m1"))));
    }

    private static List<String> trail(List<Message> messages) {
        List<String> out = new ArrayList<>();
        for (Message m : messages) {
            if (m.chat() instanceof UserMessage u) {
                out.add("human:" + u.singleText());
            } else if (m.chat() instanceof AiMessage a) {
                out.add(a.attributes().get("name") + ":"
                        + (a.hasToolExecutionRequests()
                                ? a.toolExecutionRequests().get(0).name()
                                : a.text()));
            } else if (m.chat() instanceof ToolExecutionResultMessage t) {
                out.add("tool:" + t.text());
            }
        }
        return out;
    }

    @Test
    void theSupervisorHandsOffAndTheWorkerHandsBack() {
        TeamGraph team = Supervisor.builder("supervisor", Agent.builder(supervisor()))
                .worker("math", Agent.builder(math()).tools(new MathToolsTools(new MathTools())), "Does arithmetic")
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("t");
        Team out = team.invoke(TeamUpdate.of().messages(List.of(Message.user("2+3?"))), thread)
                .value();
        assertEquals(
                List.of(
                        "human:2+3?",
                        "supervisor:transfer_to_math",
                        "tool:Successfully transferred to math",
                        "math:add",
                        "tool:5",
                        "math:sum is 5",
                        "math:transfer_back_to_supervisor",
                        "tool:Successfully transferred back to supervisor",
                        "supervisor:the team says sum is 5"),
                trail(out.messages()));
        assertEquals("supervisor", out.activeAgent(), "the worker handed back");
        List<String> steps = new ArrayList<>();
        team.getStateHistory(thread).forEach(h -> steps.addAll(0, h.next()));
        assertEquals(List.of("__start__", "supervisor", "math", "supervisor"), steps, "each agent a step (a subgraph)");
    }

    @Test
    void aPauseInsideAWorkerPausesTheTeamInAFileAndResumesThere() throws Exception {
        RunConfig thread = RunConfig.thread("t");
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("team.db"))) {
            TeamGraph team = team(saver);
            GraphOutput<Team> paused = team.invoke(TeamUpdate.of().messages(List.of(Message.user("2+3?"))), thread);
            assertTrue(paused.paused());
            assertEquals(List.of("math"), team.getState(thread).next());
            assertEquals("math", team.getState(thread).values().activeAgent());
        }
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("team.db"))) {
            TeamGraph again = team(saver);
            Team out = again.invoke(Command.resume(ApprovalResponse.of(Decision.approve())), thread)
                    .value();
            List<String> trail = trail(out.messages());
            assertEquals("supervisor:the team says sum is 5", trail.get(trail.size() - 1));
        }
    }

    private static TeamGraph team(JdbcSaver saver) {
        return Supervisor.builder("supervisor", Agent.builder(supervisor()))
                .worker(
                        "math",
                        Agent.builder(math())
                                .tools(new MathToolsTools(new MathTools()))
                                .middleware(HumanInTheLoop.builder()
                                        .interruptOn("add")
                                        .build()),
                        "Does arithmetic")
                .checkpointer(saver)
                .build();
    }
}
