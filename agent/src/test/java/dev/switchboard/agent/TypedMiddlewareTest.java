package dev.switchboard.agent;

import static dev.switchboard.agent.Models.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.annotation.AfterModel;
import dev.switchboard.annotation.BeforeModel;
import dev.switchboard.annotation.JumpTo;
import dev.switchboard.annotation.Middleware;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Sum;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A @Middleware class of a user's: typed state read by its hooks, written through its generated update. */
class TypedMiddlewareTest {
    /** Stops the agent after a budget of model calls, counted in its own state. */
    @Middleware(state = Budget.Spent.class)
    static final class Budget {
        record Spent(@Reducer(Sum.class) int calls, String lastSeen) {}

        private final int limit;

        Budget(int limit) {
            this.limit = limit;
        }

        @BeforeModel(canJumpTo = JumpTo.END)
        HookResult check(Spent spent) {
            return spent.calls() >= limit
                    ? HookResult.messages(Message.ai("budget spent")).withJump(JumpTo.END)
                    : HookResult.none();
        }

        @AfterModel
        TypedMiddlewareTest_Budget_SpentUpdate count(AgentState<?> state) {
            String text = ((AiMessage) state.lastAiMessage().orElseThrow().chat())
                    .toolExecutionRequests()
                    .get(0)
                    .id();
            return TypedMiddlewareTest_Budget_SpentUpdate.of().calls(1).lastSeen(text);
        }
    }

    /** Keeps a component named like Budget's, of another type. */
    @Middleware(state = Other.Mine.class)
    static final class Other {
        record Mine(String calls) {}

        @BeforeModel
        void look(Mine mine) {}
    }

    @Test
    void hooksReadAndWriteTheirOwnStateAcrossRuns() {
        AtomicInteger n = new AtomicInteger();
        Models.Scripted model = new Models.Scripted(
                m -> AiMessage.from(List.of(call("echo", "{\"text\":\"x\"}", "c" + n.incrementAndGet()))));
        Agent<Void> agent = Agent.builder(model)
                .tools(new EchoToolsTools(new EchoTools()))
                .middleware(new TypedMiddlewareTest_BudgetMiddleware(new Budget(2)))
                .checkpointer(new MemorySaver())
                .build();
        AgentState<Void> out = agent.invoke(
                        AgentStateUpdate.of().messages(List.of(Message.user("go"))), RunConfig.thread("t"))
                .value();
        assertEquals(2, model.calls.get());
        assertEquals(new Budget.Spent(2, "c2"), out.get(Budget.Spent.class));
        assertEquals(
                "budget spent",
                ((AiMessage) out.messages().get(out.messages().size() - 1).chat()).text());
        assertEquals(
                List.of("__start__", "Budget.before_model", "Budget.after_model", "model_request", "tools"),
                agent.nodes());
    }

    @Test
    void componentsOfOneNameDeclaredTwoWaysAreRefusedWhenTheAgentIsBuilt() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Agent.builder(Models.callsThenAnswer())
                        .middleware(
                                new TypedMiddlewareTest_BudgetMiddleware(new Budget(1)),
                                new TypedMiddlewareTest_OtherMiddleware(new Other()))
                        .build());
        assertTrue(
                e.getMessage()
                        .startsWith("middleware Other keeps 'calls' as LAST_VALUE of String in Mine, but middleware"
                                + " Budget keeps it as"),
                e.getMessage());
    }

    @Test
    void aMiddlewareWithoutThatStateCannotBeRead() {
        AgentState<Void> out = Agent.builder(new Models.Scripted(m -> AiMessage.from("hi")))
                .build()
                .invoke(AgentStateUpdate.of().messages(List.of(Message.user("go"))))
                .value();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> out.get(Budget.Spent.class));
        assertTrue(e.getMessage().contains("no middleware of this agent keeps"), e.getMessage());
    }
}
