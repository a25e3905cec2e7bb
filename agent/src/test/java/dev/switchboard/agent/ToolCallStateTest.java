package dev.switchboard.agent;

import static dev.switchboard.agent.Models.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A wrapToolCall hook reads the agent's state (LangChain's {@code request.state}) although each
 * tool call runs as a send that stores only the call: the state is read from the run's channels as
 * the tools step began, so parallel calls see the same conversation and none sees a sibling's result.
 */
class ToolCallStateTest {
    /** Answers each call with what it saw of the conversation, without running the tool. */
    private static final class Witness implements AgentMiddleware {
        @Override
        public String name() {
            return "witness";
        }

        @Override
        public Set<Hook> hooks() {
            return EnumSet.of(Hook.WRAP_TOOL_CALL);
        }

        @Override
        public HookResult run(Hook hook, AgentState<?> state, NodeContext context) {
            return HookResult.none();
        }

        @Override
        public ToolResult wrapToolCall(ToolCallRequest request, ToolCallHandler handler) {
            AgentState<?> state = request.state();
            List<Message> messages = state.messages();
            AiMessage last = (AiMessage) state.lastAiMessage().orElseThrow().chat();
            Set<String> calls = new TreeSet<>();
            last.toolExecutionRequests().forEach(c -> calls.add(c.id()));
            return ToolResult.of(
                    request.call(),
                    request.call().id() + " saw " + messages.size() + " messages, first '"
                            + ((dev.langchain4j.data.message.UserMessage)
                                            messages.get(0).chat())
                                    .singleText() + "', calls " + calls);
        }
    }

    @Test
    void parallelToolCallsEachSeeTheStateTheirStepBeganWith() {
        EchoTools tools = new EchoTools();
        Agent<Void> agent = Agent.builder(Models.callsThenAnswer(
                        call("echo", "{\"text\":\"a\"}", "c1"), call("echo", "{\"text\":\"b\"}", "c2")))
                .tools(new EchoToolsTools(tools))
                .middleware(new Witness())
                .checkpointer(new MemorySaver())
                .build();
        List<Message> out = agent.invoke(
                        AgentStateUpdate.of().messages(List.of(Message.user("look"))), RunConfig.thread("t1"))
                .value()
                .messages();
        assertEquals(
                "done: c1 saw 2 messages, first 'look', calls [c1, c2] | c2 saw 2 messages, first 'look', calls [c1, c2]",
                ((AiMessage) out.get(out.size() - 1).chat()).text());
        assertEquals(List.of(), tools.ran, "the witness answered every call itself");
    }

    @Test
    void aRequestMadeOutsideARunHasNoStateToRead() {
        ToolCallRequest request = new ToolCallRequest(call("echo", "{}", "c1"), null, null);
        IllegalStateException e = assertThrows(IllegalStateException.class, request::state);
        assertTrue(e.getMessage().contains("no run context"), e.getMessage());
    }
}
