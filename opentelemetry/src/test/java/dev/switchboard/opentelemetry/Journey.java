package dev.switchboard.opentelemetry;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Retry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The traced graph: {@code plan} starts a span of its own (as a node's HTTP client would), {@code
 * leg} runs the {@link Leg} subgraph, {@code flaky} fails its first {@code failures} attempts and
 * is retried up to three times.
 */
public class Journey {
    private final Tracer tracer;
    private final LegGraph leg = LegGraph.builder(new Leg()).build();
    final AtomicInteger flakyCalls = new AtomicInteger();

    Journey(Tracer tracer) {
        this.tracer = tracer;
    }

    @Node
    @Edge(from = START)
    TripUpdate plan(Trip trip) {
        Span own = tracer.spanBuilder("user-http-call").startSpan();
        own.end();
        return TripUpdate.of().log(List.of("plan"));
    }

    @Node
    @Edge(from = "plan")
    @SuppressWarnings("switchboard:subgraph-reappend")
    LegGraph leg() {
        return leg;
    }

    @Node
    @Edge(from = "leg")
    @Retry(maxAttempts = 3, initialIntervalMillis = 1, jitter = false, retryOn = IllegalStateException.class)
    TripUpdate flaky(Trip trip) {
        if (flakyCalls.incrementAndGet() <= trip.failures()) {
            throw new IllegalStateException("flaky attempt " + flakyCalls.get());
        }
        return TripUpdate.of().log(List.of("flaky"));
    }
}
