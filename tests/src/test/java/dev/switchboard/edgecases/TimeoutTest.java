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
import java.util.concurrent.TimeUnit;
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
     * When a node that returned a CompletableFuture times out, the future it returned is cancelled
     * (as LangGraph cancels a timed-out coroutine), so the async work it stands for is not left
     * running, unowned.
     */
    @Test
    void aTimedOutNodesFutureIsCancelled() throws Exception {
        AsyncModel nodes = new AsyncModel();
        AsyncModelGraph graph = AsyncModelGraph.builder(nodes).build();
        assertThrows(
                NodeTimeoutException.class, () -> graph.invoke(PromptUpdate.of().text("hi")));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!nodes.call.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(nodes.call.isCancelled(), "the timed-out node's future is still pending");
    }

    /**
     * A timeout of Long.MAX_VALUE ms passes validation (it is positive) and works as a timeout
     * that never fires: converting it to nanoseconds does not overflow and fail the task while the
     * node runs on.
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
