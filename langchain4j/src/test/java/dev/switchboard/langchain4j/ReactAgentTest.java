package dev.switchboard.langchain4j;

import static dev.switchboard.langchain4j.Calculator.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The prebuilt agent loops model → tools → model, and pauses before tools for an edited review. */
class ReactAgentTest {
    @TempDir
    Path dir;

    @Test
    void loopsUntilTheModelAnswersWithoutTools() {
        ScriptedChatModel model = ScriptedChatModel.of(
                AiMessage.from(call("c1", "add", "{\"a\":2,\"b\":3}"), call("c2", "div", "{\"a\":8,\"b\":2}")),
                AiMessage.from("5 and 4"));
        ReactAgentGraph agent =
                ReactAgent.create(model, new Calculator(), "be exact").graph().build();
        AgentState out = agent.invoke(AgentStateUpdate.of().messages(List.of(Message.user("2+3, 8/2?"))))
                .value();
        assertEquals(
                List.of(
                        UserMessage.from("2+3, 8/2?"),
                        model.requests().get(1).messages().get(2),
                        ToolExecutionResultMessage.from("c1", "add", "5"),
                        ToolExecutionResultMessage.from("c2", "div", "4"),
                        AiMessage.from("5 and 4")),
                out.messages().stream().map(Message::chat).toList());
        assertTrue(ReactAgentGraph.MERMAID.contains("agent") && ReactAgentGraph.MERMAID.contains("tools"));
    }

    @Test
    void humanReviewEditsThePendingToolCallByIdBeforeResuming() {
        Path db = dir.resolve("agent.db");
        RunConfig thread = RunConfig.thread("review");
        ScriptedChatModel first = ScriptedChatModel.of(AiMessage.from(call("c1", "div", "{\"a\":1,\"b\":0}")));
        GraphOutput<AgentState> paused = ReactAgent.create(first, new Calculator(), null)
                .graph()
                .checkpointer(SqliteSaver.file(db))
                .interruptBefore(ReactAgent.TOOLS)
                .build()
                .invoke(AgentStateUpdate.of().messages(List.of(Message.user("1/0?"))), thread);
        assertTrue(paused.paused());
        Message pending = paused.value().messages().get(1);

        // A new graph over the same file, as a second process would build it.
        ScriptedChatModel second = ScriptedChatModel.of(AiMessage.from("it is 1/1 = 1"));
        ReactAgentGraph agent = ReactAgent.create(second, new Calculator(), null)
                .graph()
                .checkpointer(SqliteSaver.file(db))
                .interruptBefore(ReactAgent.TOOLS)
                .build();
        assertEquals(List.of(ReactAgent.TOOLS), agent.getState(thread).next());
        AiMessage edited = AiMessage.from(call("c1", "div", "{\"a\":1,\"b\":1}"));
        agent.updateState(
                thread, AgentStateUpdate.of().messages(List.of(Message.of(pending.id(), edited))), ReactAgent.AGENT);
        AgentState done = agent.resume(thread).value();
        assertEquals(4, done.messages().size(), "the edit replaced the AI message in place");
        assertEquals(edited, done.messages().get(1).chat());
        assertEquals(pending.id(), done.messages().get(1).id());
        assertEquals(
                ToolExecutionResultMessage.from("c1", "div", "1"),
                done.messages().get(2).chat());
        assertEquals(AiMessage.from("it is 1/1 = 1"), done.messages().get(3).chat());
    }

    @Test
    void aModelThatNeverStopsCallingToolsEndsWithAnAnswerAtTheRecursionLimit() {
        ScriptedChatModel stuck = ScriptedChatModel.from(r -> AiMessage.from(call("x", "add", "{\"a\":1,\"b\":1}")));
        AgentState out = ReactAgent.create(stuck, new Calculator(), null)
                .graph()
                .build()
                .invoke(
                        AgentStateUpdate.of().messages(List.of(Message.user("loop"))),
                        RunConfig.defaults().withRecursionLimit(6))
                .value();
        assertEquals(
                AiMessage.from(ReactAgent.OUT_OF_STEPS),
                out.messages().get(out.messages().size() - 1).chat());
        assertEquals(3, stuck.requests().size(), "the agent ran in steps 1, 3 and 5");
    }
}
