package dev.switchboard.micrometer;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Retry;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** The observed graph: {@code count}, then {@code flaky} (retried), which may ask a human first. */
public class Counter {
    private final AtomicInteger calls = new AtomicInteger();

    @Node
    @Edge(from = START)
    TallyUpdate count(Tally tally) {
        return TallyUpdate.of().log(List.of("count"));
    }

    @Node
    @Edge(from = "count")
    @Retry(maxAttempts = 3, initialIntervalMillis = 1, jitter = false, retryOn = IllegalStateException.class)
    TallyUpdate flaky(Tally tally, NodeContext ctx) {
        if (tally.ask()) {
            ctx.interrupt("go on?", String.class);
        }
        if (calls.incrementAndGet() <= tally.failures()) {
            throw new IllegalStateException("attempt " + calls.get());
        }
        return TallyUpdate.of().log(List.of("flaky"));
    }
}
