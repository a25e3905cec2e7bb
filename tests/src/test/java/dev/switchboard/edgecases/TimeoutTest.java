package dev.switchboard.edgecases;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Timeout;
import dev.switchboard.runtime.NodeTimeoutException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

record Prompt(String text, String completion) {}

/** complete returns a future (an async model call) that is slower than its timeout. */
class AsyncModel {
    volatile CompletableFuture<PromptUpdate> call;

    @Node
    @Edge(from = START)
    @Timeout(millis = 100)
    CompletableFuture<PromptUpdate> complete(Prompt s) {
        call = new CompletableFuture<>(); // e.g. HttpClient.sendAsync: cancelling it aborts the request
        return call;
    }
}

/** A quick node with a timeout far beyond any run; @Timeout accepts any positive value. */
class Patient {
    @Node
    @Edge(from = START)
    @Timeout(millis = Long.MAX_VALUE)
    PromptUpdate answer(Prompt s) {
        return PromptUpdate.of().completion("ok");
    }
}

/** Node timeouts at their limits. */
class TimeoutTest {
    /**
     * When a node that returned a CompletableFuture times out, the future it returned must be
     * cancelled (as LangGraph cancels a timed-out coroutine); callNodeWithin only interrupts the
     * pool thread blocked in future.get(), so the async work is left running, unowned.
     */
    @Test
    void aTimedOutNodesFutureIsCancelled() throws Exception {
        AsyncModel nodes = new AsyncModel();
        AsyncModelGraph graph = AsyncModelGraph.builder(nodes).build();
        assertThrows(
                NodeTimeoutException.class, () -> graph.invoke(PromptUpdate.of().text("hi")));
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (!nodes.call.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(nodes.call.isCancelled(), "the timed-out node's future is still pending");
    }

    /**
     * A timeout of Long.MAX_VALUE ms passes validation (positive), but callNodeWithin calls
     * limit.toNanos(), which overflows with ArithmeticException after the node was already
     * submitted: the task fails while its node runs on, not abandoned.
     */
    @Test
    void aHugeTimeoutDoesNotFailTheNode() {
        assertEquals(
                "ok",
                PatientGraph.builder(new Patient())
                        .build()
                        .invoke(PromptUpdate.of().text("hi"))
                        .value()
                        .completion());
    }
}
