package dev.switchboard.agent;

import static dev.switchboard.agent.Models.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.annotation.JumpTo;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Order and nesting of middleware hooks, and jumps, as LangChain's createAgent has them. */
class AgentHooksTest {
    private static AgentStateUpdate ask(String text) {
        return AgentStateUpdate.of().messages(List.of(Message.user(text)));
    }

    @Test
    void hooksRunInCreateAgentsOrderAndWrapsNestFirstOutermost() {
        List<String> trail = new ArrayList<>();
        Agent<Void> agent = Agent.builder(Models.callsThenAnswer(call("echo", "{\"text\":\"a\"}", "c1")))
                .tools(new EchoToolsTools(new EchoTools()))
                .middleware(new Recorder("a", trail, Recorder.all()), new Recorder("b", trail, Recorder.all()))
                .build();
        assertEquals(
                List.of(
                        "__start__",
                        "a.before_agent",
                        "a.before_model",
                        "a.after_model",
                        "a.after_agent",
                        "b.before_agent",
                        "b.before_model",
                        "b.after_model",
                        "b.after_agent",
                        "model_request",
                        "tools"),
                agent.nodes());
        agent.invoke(ask("go"));
        assertEquals(
                List.of(
                        "a.before_agent",
                        "b.before_agent",
                        "a.before_model",
                        "b.before_model",
                        "a.model>",
                        "b.model>",
                        "b.model<",
                        "a.model<",
                        "b.after_model",
                        "a.after_model",
                        "a.tool>",
                        "b.tool>",
                        "b.tool<",
                        "a.tool<",
                        "a.before_model",
                        "b.before_model",
                        "a.model>",
                        "b.model>",
                        "b.model<",
                        "a.model<",
                        "b.after_model",
                        "a.after_model",
                        "b.after_agent",
                        "a.after_agent"),
                trail);
    }

    @Test
    void aBeforeModelJumpToEndSkipsTheModelAndTheAfterAgentHooks() {
        List<String> trail = new ArrayList<>();
        Models.Scripted model = Models.callsThenAnswer();
        Recorder limit = new Recorder(
                "limit",
                trail,
                EnumSet.of(Hook.BEFORE_MODEL, Hook.AFTER_AGENT),
                Map.of(Hook.BEFORE_MODEL, Set.of(JumpTo.END)),
                (h, s) -> h == Hook.BEFORE_MODEL
                        ? HookResult.messages(Message.ai("stopped")).withJump(JumpTo.END)
                        : HookResult.none());
        Agent<Void> agent = Agent.builder(model).middleware(limit).build();
        List<Message> out = agent.invoke(ask("go")).value().messages();
        assertEquals(0, model.calls.get());
        assertEquals("stopped", ((AiMessage) out.get(out.size() - 1).chat()).text());
        assertEquals(List.of("limit.before_model"), trail, "LangChain routes a before-model END jump to END");
    }

    @Test
    void anAfterModelJumpBackToTheModelCallsItAgain() {
        List<String> trail = new ArrayList<>();
        Models.Scripted model = new Models.Scripted(m -> AiMessage.from("answer " + m.size()));
        Recorder again = new Recorder(
                "again",
                trail,
                EnumSet.of(Hook.AFTER_MODEL),
                Map.of(Hook.AFTER_MODEL, Set.of(JumpTo.MODEL)),
                (h, s) -> s.messages().size() < 4
                        ? HookResult.messages(Message.user("once more")).withJump(JumpTo.MODEL)
                        : HookResult.none());
        List<Message> out = Agent.builder(model)
                .middleware(again)
                .build()
                .invoke(ask("go"))
                .value()
                .messages();
        assertEquals(2, model.calls.get());
        assertEquals(4, out.size(), "go, answer, once more, answer");
    }

    @Test
    void aJumpTheHookDidNotDeclareFailsTheRun() {
        Recorder rogue = new Recorder(
                "rogue",
                new ArrayList<>(),
                EnumSet.of(Hook.BEFORE_MODEL),
                Map.of(),
                (h, s) -> HookResult.jumpTo(JumpTo.END));
        Agent<Void> agent =
                Agent.builder(Models.callsThenAnswer()).middleware(rogue).build();
        NodeException e = assertThrows(NodeException.class, () -> agent.invoke(ask("go")));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(
                e.getCause().getMessage().contains("rogue.before_model"),
                e.getCause().getMessage());
    }

    @Test
    void twoMiddlewareOfOneNameAreRefused() {
        List<String> trail = new ArrayList<>();
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Agent.builder(Models.callsThenAnswer())
                        .middleware(new Recorder("x", trail, Recorder.all()), new Recorder("x", trail, Recorder.all()))
                        .build());
        assertTrue(e.getMessage().contains("middleware x is given twice"), e.getMessage());
    }

    @Test
    void withAWrapToolCallMiddlewareAFailingToolFailsTheRunUnlessTheMiddlewareAnswers() {
        EchoTools tools = new EchoTools();
        Agent<Void> wrapped = Agent.builder(Models.callsThenAnswer(call("fail", "{\"why\":\"boom\"}", "c1")))
                .tools(new EchoToolsTools(tools))
                .middleware(new Recorder("w", new ArrayList<>(), EnumSet.of(Hook.WRAP_TOOL_CALL)))
                .build();
        NodeException e = assertThrows(NodeException.class, () -> wrapped.invoke(ask("go")));
        assertEquals("tools", e.node());
        Agent<Void> plain = Agent.builder(Models.callsThenAnswer(call("fail", "{\"why\":\"boom\"}", "c1")))
                .tools(new EchoToolsTools(tools))
                .build();
        List<Message> out = plain.invoke(ask("go")).value().messages();
        assertEquals(
                "done: Error: boom\n Please fix your mistakes.",
                ((AiMessage) out.get(out.size() - 1).chat()).text());
    }
}
