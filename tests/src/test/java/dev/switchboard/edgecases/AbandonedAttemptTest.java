package dev.switchboard.edgecases;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.OnError;
import dev.switchboard.annotation.Timeout;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeTimeoutException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

record Draft(String topic, String text) {}

/** A model-calling subgraph: write streams a token. */
class Drafter {
    @Node
    @Edge(from = START)
    DraftUpdate write(Draft s, NodeContext ctx) {
        ctx.emitMessage("late token");
        return DraftUpdate.of().text("draft on " + s.topic());
    }
}

record Ask(String topic, String reply) {}

/**
 * ask times out (its blocking client swallows the interrupt), the handler answers instead, and
 * after waits until the abandoned attempt has gone on to run the Drafter subgraph.
 */
class TimedAsker {
    private final DrafterGraph drafter = DrafterGraph.builder(new Drafter()).build();
    final CountDownLatch lateInvokeDone = new CountDownLatch(1);

    @Node
    @Edge(from = START)
    @Timeout(millis = 100)
    AskUpdate ask(Ask s, NodeContext ctx) {
        // Goes on past the timeout, whose interrupt comes once the attempt was given up.
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        boolean timedOut = false;
        while (!timedOut && System.nanoTime() < until) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                timedOut = true; // a blocking client that does not honour interrupts
            }
        }
        try {
            ctx.invoke(drafter, DraftUpdate.of().topic(s.topic()));
            return AskUpdate.of().reply("late");
        } finally {
            lateInvokeDone.countDown();
        }
    }

    @OnError("ask")
    AskUpdate askTimedOut(Ask s, NodeTimeoutException e) {
        return AskUpdate.of().reply("timed out");
    }

    @Node
    @Edge(from = "ask")
    AskUpdate after(Ask s) throws InterruptedException {
        lateInvokeDone.await(30, TimeUnit.SECONDS);
        return AskUpdate.of();
    }
}

/** What an abandoned (timed-out) attempt can still do. */
class AbandonedAttemptTest {
    /**
     * A timed-out attempt that goes on running is muted, also through invoke(): the subgraph it
     * still runs after the attempt was given up streams no MESSAGES chunks into the parent's
     * stream.
     */
    @Test
    void anAbandonedAttemptStreamsNothing() {
        TimedAsker nodes = new TimedAsker();
        TimedAskerGraph graph = TimedAskerGraph.builder(nodes).build();
        List<String> chunks;
        try (Stream<StreamPart<Ask>> parts =
                graph.stream(AskUpdate.of().topic("cats"), RunConfig.defaults(), StreamMode.MESSAGES)) {
            chunks = parts.map(p -> ((StreamPart.Message<?>) p).namespace() + " " + ((StreamPart.Message<?>) p).chunk())
                    .collect(Collectors.toList());
        }
        assertTrue(nodes.lateInvokeDone.getCount() == 0);
        assertEquals(List.of(), chunks, "a timed-out attempt streamed through a subgraph");
    }
}
