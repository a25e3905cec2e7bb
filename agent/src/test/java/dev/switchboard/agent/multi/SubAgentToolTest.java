package dev.switchboard.agent.multi;

import static dev.switchboard.agent.multi.Scripts.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.middleware.ApprovalResponse;
import dev.switchboard.agent.middleware.ApprovalResponse.Decision;
import dev.switchboard.agent.middleware.HumanInTheLoop;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An agent as another agent's tool: its answer, its structured response, and a pause inside it. */
class SubAgentToolTest {
    private static Scripts.Model caller() {
        return new Scripts.Model(m -> Scripts.afterTool(m)
                ? AiMessage.from("caller heard: " + Scripts.lastToolResult(m))
                : AiMessage.from(List.of(call("mathematician", "{\"request\":\"add 2 and 3\"}", "c1"))));
    }

    private static Agent.Builder<Void> mathematician() {
        return Agent.builder(new Scripts.Model(m -> Scripts.afterTool(m)
                        ? AiMessage.from("it is " + Scripts.lastToolResult(m))
                        : AiMessage.from(List.of(call("add", "{\"a\":2,\"b\":3}", "m1")))))
                .tools(new MathToolsTools(new MathTools()));
    }

    private static String last(AgentState<?> s) {
        return ((AiMessage) s.messages().get(s.messages().size() - 1).chat()).text();
    }

    @Test
    void theSubAgentsAnswerIsTheToolResult() {
        Agent<Void> agent = Agent.builder(caller())
                .tools(SubAgentTool.of(
                        "mathematician", "Does arithmetic", mathematician().build()))
                .checkpointer(new MemorySaver())
                .build();
        assertEquals(
                "caller heard: it is 5",
                last(agent.invoke(AgentStateUpdate.of().messages(List.of(Message.user("go"))), RunConfig.thread("t"))
                        .value()));
    }

    @Test
    void aPauseInsideTheSubAgentPausesTheCallerWhichResumesInside() {
        Agent<Void> sub = mathematician()
                .middleware(HumanInTheLoop.builder().interruptOn("add").build())
                .build();
        Agent<Void> agent = Agent.builder(caller())
                .tools(SubAgentTool.of("mathematician", "Does arithmetic", sub))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("t");
        GraphOutput<AgentState<Void>> paused =
                agent.invoke(AgentStateUpdate.of().messages(List.of(Message.user("go"))), thread);
        assertTrue(paused.paused());
        assertEquals(List.of("tools"), agent.getState(thread).next());
        AgentState<Void> done = agent.invoke(Command.resume(ApprovalResponse.of(Decision.approve())), thread)
                .value();
        assertEquals("caller heard: it is 5", last(done));
    }
}
