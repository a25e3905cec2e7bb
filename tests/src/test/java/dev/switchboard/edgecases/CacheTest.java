package dev.switchboard.edgecases;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Cache;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Untracked;
import dev.switchboard.edgecases.alpha.PipelineGraph;
import dev.switchboard.runtime.cache.InMemoryNodeCache;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A live resource a node hands to later nodes through an untracked channel; not serializable. */
final class Connection {
    private final Thread owner;

    Connection(Thread owner) {
        this.owner = owner;
    }

    boolean open() {
        return owner != null && owner.isAlive();
    }
}

record Session(String user, String greeting, @Untracked Connection connection) {}

/** connect (cached) opens a connection for later nodes and greets the user. */
class Connecting {
    final AtomicInteger runs = new AtomicInteger();

    @Node
    @Edge(from = START)
    @Cache
    SessionUpdate connect(Session s) {
        runs.incrementAndGet();
        return SessionUpdate.of().greeting("hello " + s.user()).connection(new Connection(Thread.currentThread()));
    }
}

record Weighted(Map<String, Integer> weights, String verdict) {}

/** score (cached) depends only on the weights map's content. */
class Scoring {
    final AtomicInteger runs = new AtomicInteger();

    @Node
    @Edge(from = START)
    @Cache
    WeightedUpdate score(Weighted s) {
        runs.incrementAndGet();
        return WeightedUpdate.of()
                .verdict("total "
                        + s.weights().values().stream().mapToInt(i -> i).sum());
    }
}

/** The node cache: keys, and what it stores. */
class CacheTest {

    /**
     * Two unrelated graphs that happen to share a simple class name, node name and input shape
     * must not read each other's cache entries when they share a store (as GraphBuilder.cache
     * invites).
     */
    @Test
    void graphsWithTheSameSimpleNameDoNotShareEntries() {
        InMemoryNodeCache shared = new InMemoryNodeCache();
        dev.switchboard.edgecases.alpha.Pipeline alphaNodes = new dev.switchboard.edgecases.alpha.Pipeline();
        dev.switchboard.edgecases.beta.Pipeline betaNodes = new dev.switchboard.edgecases.beta.Pipeline();
        PipelineGraph alpha = PipelineGraph.builder(alphaNodes).cache(shared).build();
        dev.switchboard.edgecases.beta.PipelineGraph beta = dev.switchboard.edgecases.beta.PipelineGraph.builder(
                        betaNodes)
                .cache(shared)
                .build();

        assertEquals(
                "alpha answers why",
                alpha.invoke(dev.switchboard.edgecases.alpha.QueryUpdate.of().question("why"))
                        .value()
                        .answer());
        String betaAnswer = beta.invoke(
                        dev.switchboard.edgecases.beta.QueryUpdate.of().question("why"))
                .value()
                .answer();
        assertEquals("beta answers why", betaAnswer, "beta got alpha's cached writes");
        assertEquals(1, betaNodes.runs.get());
    }

    /**
     * A cached node that writes an {@code @Untracked} channel (never checkpointed, so it may hold
     * a live object) works as it does uncached: a second run with the same input still ends with
     * the open connection, neither dropped nor forged from JSON by a cache hit.
     */
    @Test
    void aCacheHitOfANodeThatWritesAnUntrackedLiveObject() {
        Connecting nodes = new Connecting();
        ConnectingGraph graph = ConnectingGraph.builder(nodes).build();
        Session first = graph.invoke(SessionUpdate.of().user("ada")).value();
        assertEquals("hello ada", first.greeting());
        assertTrue(first.connection().open());
        Session again = graph.invoke(SessionUpdate.of().user("ada")).value();
        assertEquals("hello ada", again.greeting());
        assertNotNull(again.connection(), "the hit dropped the untracked write");
        assertTrue(again.connection().open(), "the hit forged the untracked object from JSON");
    }

    /**
     * Equal inputs must give equal keys: two maps with the same entries (Map.equals) in another
     * insertion order. LangGraph's default key sorts mapping keys ({"a":1,"b":2} == {"b":2,"a":1}).
     */
    @Test
    void equalMapsInAnotherOrderHitTheCache() {
        Scoring nodes = new Scoring();
        ScoringGraph graph = ScoringGraph.builder(nodes).build();
        Map<String, Integer> ab = new LinkedHashMap<>();
        ab.put("a", 1);
        ab.put("b", 2);
        Map<String, Integer> ba = new LinkedHashMap<>();
        ba.put("b", 2);
        ba.put("a", 1);
        assertEquals(ab, ba);

        assertEquals(
                "total 3", graph.invoke(WeightedUpdate.of().weights(ab)).value().verdict());
        assertEquals(
                "total 3", graph.invoke(WeightedUpdate.of().weights(ba)).value().verdict());
        assertEquals(1, nodes.runs.get(), "an equal input missed the cache");
    }
}
