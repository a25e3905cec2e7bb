package dev.switchboard.agent.middleware;

import static dev.switchboard.agent.middleware.TestModels.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentMiddleware;
import dev.switchboard.annotation.Tools;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Tool retries: a flaky tool tried again, retries spent, filters, and failing the run. */
class ToolRetryTest {
    /** A tool that fails its first {@code failures} calls. */
    @Tools
    static final class Flaky {
        final AtomicInteger calls = new AtomicInteger();
        final int failures;

        Flaky(int failures) {
            this.failures = failures;
        }

        @Tool("Fetches a page")
        String fetch(String url) {
            if (calls.incrementAndGet() <= failures) {
                throw new IllegalStateException("timeout " + calls.get());
            }
            return "page " + url;
        }
    }

    private static String answer(Flaky flaky, AgentMiddleware retry) {
        List<Message> out = Agent.builder(TestModels.callsThenAnswer(call("fetch", "{\"url\":\"u\"}", "c1")))
                .tools(new ToolRetryTest_FlakyTools(flaky))
                .middleware(retry)
                .build()
                .invoke(AgentStateUpdate.of().messages(List.of(Message.user("go"))))
                .value()
                .messages();
        return ((AiMessage) out.get(out.size() - 1).chat()).text();
    }

    private static ToolRetry.Builder noWait() {
        return ToolRetry.builder().backoff(Duration.ZERO, 2.0, Duration.ZERO, false);
    }

    @Test
    void aFlakyToolSucceedsOnARetry() {
        Flaky flaky = new Flaky(2);
        assertEquals("done: page u", answer(flaky, noWait().build()));
        assertEquals(3, flaky.calls.get());
    }

    @Test
    void whenTheRetriesAreSpentTheModelIsTold() {
        Flaky flaky = new Flaky(10);
        assertEquals(
                "done: Tool 'fetch' failed after 3 attempts with IllegalStateException",
                answer(flaky, noWait().build()));
        assertEquals(3, flaky.calls.get());
        assertEquals(
                "done: down: timeout 4",
                answer(
                        flaky,
                        noWait().maxRetries(0)
                                .onFailure(e -> "down: " + e.getMessage())
                                .build()));
    }

    @Test
    void failuresRetryOnRefusesAreNotRetried() {
        Flaky flaky = new Flaky(10);
        assertEquals(
                "done: Tool 'fetch' failed after 1 attempt with IllegalStateException",
                answer(
                        flaky,
                        noWait().retryOn(e -> e instanceof java.io.IOException).build()));
        assertEquals(1, flaky.calls.get());
    }

    @Test
    void toolsNotListedAreNotRetried() {
        Flaky flaky = new Flaky(1);
        NodeException e = assertThrows(
                NodeException.class, () -> answer(flaky, noWait().tools("other").build()));
        assertEquals("tools", e.node(), "with a wrapToolCall middleware a failure that reaches the node fails it");
        assertEquals(1, flaky.calls.get());
    }

    @Test
    void failingFailsTheRunWithTheToolsException() {
        Flaky flaky = new Flaky(10);
        NodeException e = assertThrows(
                NodeException.class,
                () -> answer(flaky, noWait().maxRetries(1).failing().build()));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals(2, flaky.calls.get());
    }
}
