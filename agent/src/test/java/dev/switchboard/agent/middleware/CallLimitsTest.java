package dev.switchboard.agent.middleware;

import static dev.switchboard.agent.middleware.TestModels.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.agent.AgentState;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The model and tool call limits: per thread and per run, and their exit behaviours. */
class CallLimitsTest {
    private static AgentStateUpdate ask(String text) {
        return AgentStateUpdate.of().messages(List.of(Message.user(text)));
    }

    private static String lastText(AgentState<?> s) {
        Message last = s.messages().get(s.messages().size() - 1);
        return last.chat() instanceof AiMessage a ? a.text() : ((ToolExecutionResultMessage) last.chat()).text();
    }

    /** A model that always asks for a lookup, with a fresh call id each time. */
    private static TestModels.Scripted loopy() {
        AtomicInteger n = new AtomicInteger();
        return new TestModels.Scripted(
                m -> AiMessage.from(List.of(call("lookup", "{\"q\":\"x\"}", "c" + n.incrementAndGet()))));
    }

    @Test
    void aThreadLimitCountsAcrossRunsAndEndsTheAgent() {
        TestModels.Scripted model = new TestModels.Scripted(m -> AiMessage.from("answer"));
        Agent<Void> agent = Agent.builder(model)
                .middleware(ModelCallLimit.builder().threadLimit(2).build())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("t");
        agent.invoke(ask("one"), thread);
        agent.invoke(ask("two"), thread);
        AgentState<Void> third = agent.invoke(ask("three"), thread).value();
        assertEquals(2, model.calls.get());
        assertEquals("Model call limits exceeded: thread level call limit reached with 2 model calls", lastText(third));
        assertEquals(2, third.get(ModelCallLimit.Counts.class).threadModelCallCount());
    }

    @Test
    void aRunLimitStartsFromZeroAtEveryInvocation() {
        TestModels.Scripted model = loopy();
        Agent<Void> agent = Agent.builder(model)
                .tools(new OfficeToolsTools(new OfficeTools()))
                .middleware(ModelCallLimit.builder().runLimit(3).build())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("t");
        AgentState<Void> first = agent.invoke(ask("go"), thread).value();
        assertEquals(3, model.calls.get());
        assertEquals("Model call limits exceeded: run level call limit reached with 3 model calls", lastText(first));
        agent.invoke(ask("again"), thread);
        assertEquals(6, model.calls.get(), "the run count is untracked: each invocation has its own");
    }

    @Test
    void theErrorBehaviourFailsTheRun() {
        Agent<Void> agent = Agent.builder(loopy())
                .tools(new OfficeToolsTools(new OfficeTools()))
                .middleware(ModelCallLimit.builder()
                        .runLimit(1)
                        .exitBehavior(ExitBehavior.ERROR)
                        .build())
                .build();
        NodeException e = assertThrows(NodeException.class, () -> agent.invoke(ask("go")));
        assertEquals("ModelCallLimitMiddleware.before_model", e.node());
        assertInstanceOf(CallLimitExceededException.class, e.getCause());
    }

    private static TestModels.Scripted twoLookupsThenAnswer() {
        return TestModels.callsThenAnswer(call("lookup", "{\"q\":\"a\"}", "c1"), call("lookup", "{\"q\":\"b\"}", "c2"));
    }

    @Test
    void continueAnswersTheCallsOverTheLimitAndRunsTheOthers() {
        OfficeTools tools = new OfficeTools();
        AgentMiddleware limit = ToolCallLimit.of("lookup").runLimit(1).build();
        AgentState<Void> out = Agent.builder(twoLookupsThenAnswer())
                .tools(new OfficeToolsTools(tools))
                .middleware(limit)
                .build()
                .invoke(ask("go"))
                .value();
        assertEquals("ToolCallLimitMiddleware[lookup]", limit.name());
        assertEquals(List.of("lookup:a"), tools.ran);
        assertEquals("done: Tool call limit exceeded. Do not call 'lookup' again. | found a", lastText(out));
        assertEquals(Map.of("lookup", 1), out.get(ToolCallLimit.Counts.class).threadToolCallCount());
    }

    @Test
    void endStopsTheAgentWithAMessage() {
        OfficeTools tools = new OfficeTools();
        AgentState<Void> out = Agent.builder(twoLookupsThenAnswer())
                .tools(new OfficeToolsTools(tools))
                .middleware(ToolCallLimit.builder()
                        .threadLimit(1)
                        .exitBehavior(ExitBehavior.END)
                        .build())
                .build()
                .invoke(ask("go"))
                .value();
        assertEquals(List.of(), tools.ran, "ending leaves the allowed call unrun, as LangChain does");
        assertEquals("Tool call limit reached: thread limit exceeded (2/1 calls).", lastText(out));
    }

    @Test
    void endRefusesToLeaveOtherToolsCallsUnanswered() {
        TestModels.Scripted model = TestModels.callsThenAnswer(
                call("lookup", "{\"q\":\"a\"}", "c1"),
                call("lookup", "{\"q\":\"b\"}", "c2"),
                call("delete_file", "{\"path\":\"x\"}", "c3"));
        Agent<Void> agent = Agent.builder(model)
                .tools(new OfficeToolsTools(new OfficeTools()))
                .middleware(ToolCallLimit.of("lookup")
                        .runLimit(1)
                        .exitBehavior(ExitBehavior.END)
                        .build())
                .build();
        NodeException e = assertThrows(NodeException.class, () -> agent.invoke(ask("go")));
        assertTrue(
                e.getCause()
                        .getMessage()
                        .startsWith("Cannot end execution with other tool calls pending. Found calls"
                                + " to: delete_file."),
                e.getCause().getMessage());
    }

    @Test
    void theErrorBehaviourFailsTheRunBeforeAnyToolRuns() {
        OfficeTools tools = new OfficeTools();
        Agent<Void> agent = Agent.builder(twoLookupsThenAnswer())
                .tools(new OfficeToolsTools(tools))
                .middleware(ToolCallLimit.builder()
                        .runLimit(1)
                        .exitBehavior(ExitBehavior.ERROR)
                        .build())
                .build();
        NodeException e = assertThrows(NodeException.class, () -> agent.invoke(ask("go")));
        assertEquals(
                "Tool call limit reached: run limit exceeded (2/1 calls).",
                e.getCause().getMessage());
        assertEquals(List.of(), tools.ran);
    }

    @Test
    void twoToolLimitsWatchTwoTools() {
        TestModels.Scripted model = TestModels.callsThenAnswer(
                call("lookup", "{\"q\":\"a\"}", "c1"), call("delete_file", "{\"path\":\"x\"}", "c2"));
        OfficeTools tools = new OfficeTools();
        AgentState<Void> out = Agent.builder(model)
                .tools(new OfficeToolsTools(tools))
                .middleware(
                        ToolCallLimit.of("lookup").threadLimit(5).build(),
                        ToolCallLimit.of("delete_file").threadLimit(0).build())
                .build()
                .invoke(ask("go"))
                .value();
        assertEquals(List.of("lookup:a"), tools.ran);
        assertEquals(
                Map.of("lookup", 1, "delete_file", 0),
                out.get(ToolCallLimit.Counts.class).threadToolCallCount());
    }

    @Test
    void aLimitNeedsALimitAndARunLimitFitsTheThreadLimit() {
        assertThrows(IllegalStateException.class, () -> ToolCallLimit.builder().build());
        assertThrows(
                IllegalStateException.class,
                () -> ToolCallLimit.builder().threadLimit(1).runLimit(2).build());
        assertThrows(IllegalStateException.class, () -> ModelCallLimit.builder().build());
        assertThrows(
                IllegalArgumentException.class, () -> ModelCallLimit.builder().exitBehavior(ExitBehavior.CONTINUE));
        ToolExecutionRequest unused = call("x", "{}", "x");
        assertEquals("x", unused.id());
    }
}
