package dev.switchboard.conformance.c25;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RetryPolicy;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

record Trail(@Reducer(Append.class) List<String> trail) {}

class TransientError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TransientError(String message) {
        super(message);
    }
}

class FatalError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FatalError(String message) {
        super(message);
    }
}

/** before -> unstable -> after; unstable fails a given number of times first. */
class Unstable {
    final List<Map<String, Object>> attempts = new ArrayList<>();
    private final Function<String, RuntimeException> error;
    private int left;

    Unstable(int failures, Function<String, RuntimeException> error) {
        this.left = failures;
        this.error = error;
    }

    @Node
    @Edge(from = START)
    TrailUpdate before(Trail s) {
        return TrailUpdate.of().trail(List.of("before"));
    }

    @Node
    @Edge(from = "before")
    TrailUpdate unstable(Trail s, NodeContext ctx) {
        Map<String, Object> attempt = new LinkedHashMap<>();
        attempt.put("attempt", attempts.size() + 1);
        attempt.put("node_attempt_info", ctx.attempt());
        attempt.put("saw", s.trail());
        attempts.add(attempt);
        if (left-- > 0) {
            throw error.apply("failure #" + attempts.size());
        }
        return TrailUpdate.of().trail(List.of("unstable-ok-after-" + attempts.size()));
    }

    @Node
    @Edge(from = "unstable")
    TrailUpdate after(Trail s) {
        return TrailUpdate.of().trail(List.of("after"));
    }
}

/**
 * Scenario 25: a node that fails, retried by a policy. The JS scenario sets the policy per node
 * with a retryOn function; here it is the builder's per-node policy with a predicate (the
 * annotation form, {@code @Retry}, takes exception classes instead).
 */
class Conformance25RetryPolicyTest {
    private static final RetryPolicy FAST =
            RetryPolicy.defaults().withBackoff(Duration.ofMillis(1), 1.0, Duration.ofMillis(1), false);

    private final Oracle oracle = Oracle.load("25-retry-policy");

    private static Map<String, Object> run(UnstableGraph graph, Unstable nodes) {
        Map<String, Object> result = new LinkedHashMap<>();
        try {
            result.put("ok", true);
            result.put("result", Oracle.output(graph.invoke(TrailUpdate.of(), RunConfig.defaults())));
        } catch (NodeException e) {
            result.put("ok", false);
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("name", e.getCause().getClass().getSimpleName());
            error.put("class", e.getCause().getClass().getSimpleName());
            error.put("message", e.getCause().getMessage());
            error.put("lc_error_code", null);
            result.put("error", error);
            assertEquals("unstable", e.node());
        }
        return Map.of("result", result, "attempts", nodes.attempts);
    }

    private static UnstableGraph graph(Unstable nodes, RetryPolicy policy) {
        var builder = UnstableGraph.builder(nodes);
        return policy == null
                ? builder.build()
                : builder.retryPolicy("unstable", policy).build();
    }

    @Test
    void failingTwiceWithThreeAttemptsSucceedsOnTheThird() {
        Unstable nodes = new Unstable(2, TransientError::new);
        oracle.assertFact(run(graph(nodes, FAST.withMaxAttempts(3)), nodes), "fails_twice_max3");
    }

    @Test
    void failedAttemptsStreamNoUpdates() {
        Unstable nodes = new Unstable(2, TransientError::new);
        oracle.assertFact(
                Oracle.updates(graph(nodes, FAST.withMaxAttempts(3)).stream(
                        TrailUpdate.of(), RunConfig.defaults(), StreamMode.UPDATES)),
                "fails_twice_max3_stream_updates");
    }

    @Test
    void failingTwiceWithTwoAttemptsFailsWithTheLastError() {
        Unstable nodes = new Unstable(2, TransientError::new);
        oracle.assertFact(run(graph(nodes, FAST.withMaxAttempts(2)), nodes), "fails_twice_max2");
    }

    @Test
    void theDefaultIsThreeAttempts() {
        Unstable nodes = new Unstable(2, TransientError::new);
        assertEquals(3, RetryPolicy.defaults().maxAttempts());
        oracle.assertFact(run(graph(nodes, FAST), nodes), "fails_twice_default_max");
    }

    @Test
    void retryOnRejectingTheErrorFailsAtOnce() {
        Unstable nodes = new Unstable(1, FatalError::new);
        RetryPolicy policy = FAST.withMaxAttempts(5).withRetryOn(e -> !(e instanceof FatalError));
        oracle.assertFact(run(graph(nodes, policy), nodes), "retryOn_rejects");
    }

    @Test
    void withoutAPolicyAFailureIsFinal() {
        Unstable nodes = new Unstable(1, TransientError::new);
        oracle.assertFact(run(graph(nodes, null), nodes), "no_policy");
    }

    @Test
    void aGraphWidePolicyAppliesToEveryNodeWithoutItsOwn() {
        Unstable nodes = new Unstable(2, TransientError::new);
        UnstableGraph graph = UnstableGraph.builder(nodes).retryPolicy(FAST).build();
        oracle.assertFact(run(graph, nodes), "fails_twice_default_max");
        // A per-node policy wins over the graph-wide one.
        Unstable once = new Unstable(2, TransientError::new);
        UnstableGraph strict = UnstableGraph.builder(once)
                .retryPolicy(FAST)
                .retryPolicy("unstable", FAST.withMaxAttempts(1))
                .build();
        NodeException e =
                assertThrows(NodeException.class, () -> strict.invoke(TrailUpdate.of(), RunConfig.defaults()));
        assertSame(TransientError.class, e.getCause().getClass());
        assertEquals(1, once.attempts.size());
    }

    @Test
    void aPolicyForAnUnknownNodeIsRejectedAtBuild() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> UnstableGraph.builder(new Unstable(0, TransientError::new))
                        .retryPolicy("unstabel", FAST)
                        .build());
        assertEquals(
                "retryPolicy(\"unstabel\", ...): graph 'Unstable' has unknown node 'unstabel'; known nodes: after,"
                        + " before, unstable",
                e.getMessage());
    }
}
