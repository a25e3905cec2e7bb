package dev.switchboard.conformance.c30;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Untracked;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.error.ErrorCode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

record Cached(String value, @Untracked String cache) {}

record Guarded(@Untracked String cache) {}

record Unguarded(@Untracked(guard = false) String cache) {}

/** START -> a -> b -> c; a writes the untracked cache. */
class Caching {
    final List<Map<String, Object>> views = new CopyOnWriteArrayList<>();

    @Node
    @Edge(from = START)
    CachedUpdate a(Cached s) {
        view("a", s);
        return CachedUpdate.of().cache("secret-from-a").value("a");
    }

    @Node
    @Edge(from = "a")
    CachedUpdate b(Cached s) {
        view("b", s);
        return CachedUpdate.of().value("b(" + (s.cache() == null ? "none" : s.cache()) + ")");
    }

    @Node
    @Edge(from = "b")
    CachedUpdate c(Cached s) {
        view("c", s);
        return CachedUpdate.of().value("c(" + (s.cache() == null ? "none" : s.cache()) + ")");
    }

    private void view(String node, Cached s) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("node", node);
        v.put("cache", s.cache());
        views.add(v);
    }
}

/** START -> a -> b, without a checkpointer. */
class PlainCaching {
    @Node
    @Edge(from = START)
    CachedUpdate a(Cached s) {
        return CachedUpdate.of().cache("secret-from-a").value("a");
    }

    @Node
    @Edge(from = "a")
    CachedUpdate b(Cached s) {
        return CachedUpdate.of().value("b(" + (s.cache() == null ? "none" : s.cache()) + ")");
    }
}

/** Two nodes write the guarded cache in one step. */
class TwoGuarded {
    @Node
    @Edge(from = START)
    GuardedUpdate w1(Guarded s) {
        return GuardedUpdate.of().cache("w1");
    }

    @Node
    @Edge(from = START)
    GuardedUpdate w2(Guarded s) {
        return GuardedUpdate.of().cache("w2");
    }
}

/** Two nodes write the unguarded cache in one step. */
class TwoUnguarded {
    @Node
    @Edge(from = START)
    UnguardedUpdate w1(Unguarded s) {
        return UnguardedUpdate.of().cache("w1");
    }

    @Node
    @Edge(from = START)
    UnguardedUpdate w2(Unguarded s) {
        return UnguardedUpdate.of().cache("w2");
    }
}

class Conformance30UntrackedValueTest {
    private final Oracle oracle = Oracle.load("30-untracked-value");

    @Test
    void untrackedValuesAreVisibleInTheRunButNeverCheckpointed() {
        Caching nodes = new Caching();
        CachingGraph g = CachingGraph.builder(nodes)
                .checkpointer(new MemorySaver())
                .interruptBefore("c")
                .build();
        RunConfig cfg = RunConfig.thread("ut");
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put(
                "first_stream_values", Oracle.chunks(g.stream(CachedUpdate.of().value("in"), cfg)));
        facts.put("state_at_interrupt", g.getState(cfg).channels());
        facts.put("resume", Oracle.output(g.resume(cfg)));
        facts.put("node_views", nodes.views);
        facts.put(
                "history_values",
                g.getStateHistory(cfg).stream()
                        .map(s -> Map.of("step", s.metadata().step(), "values", s.channels()))
                        .toList());
        oracle.assertFacts(facts);
    }

    @Test
    void withoutACheckpointerTheOutputIncludesIt() {
        oracle.assertFact(
                Oracle.state(PlainCachingGraph.builder(new PlainCaching())
                        .build()
                        .invoke(CachedUpdate.of().value("in"))
                        .value()),
                "no_checkpointer_invoke");
    }

    @Test
    void guardRejectsTwoWritersAndNoGuardKeepsTheLastInTaskOrder() {
        InvalidUpdateException e = assertThrows(
                InvalidUpdateException.class,
                () -> TwoGuardedGraph.builder(new TwoGuarded()).build().invoke(GuardedUpdate.of()));
        assertEquals(ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE, e.code().orElseThrow());
        oracle.assertFact(
                Oracle.state(TwoUnguardedGraph.builder(new TwoUnguarded())
                        .build()
                        .invoke(UnguardedUpdate.of())
                        .value()),
                "two_writers_guard_false",
                "result");
    }
}
