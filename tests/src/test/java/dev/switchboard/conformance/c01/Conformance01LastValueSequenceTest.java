package dev.switchboard.conformance.c01;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two last-value channels: state, ids absent until written. */
record Pair(String value, Integer count) {}

/** START -> a -> b -> END. */
class Sequence {
    final List<List<String>> keysSeenByA = new ArrayList<>();

    @Node
    @Edge(from = START)
    PairUpdate a(Pair s) {
        List<String> keys = new ArrayList<>();
        if (s.count() != null) {
            keys.add("count");
        }
        if (s.value() != null) {
            keys.add("value");
        }
        keysSeenByA.add(keys);
        return PairUpdate.of().value((s.value() == null ? "" : s.value()) + "a").count(1);
    }

    @Node
    @Edge(from = "a")
    PairUpdate b(Pair s) {
        return PairUpdate.of().value(s.value() + "b");
    }
}

class Conformance01LastValueSequenceTest {
    private final Oracle oracle = Oracle.load("01-lastvalue-sequence");
    private final Sequence nodes = new Sequence();
    private final SequenceGraph graph = SequenceGraph.builder(nodes).build();

    @Test
    void invokeRunsBothNodesInOrder() {
        oracle.assertFact(Oracle.state(graph.invoke(PairUpdate.of().value("x")).value()), "invoke");
    }

    @Test
    void updatesStreamShowsEachNodesWrites() {
        oracle.assertFact(
                Oracle.updates(graph.stream(PairUpdate.of().value("x"), RunConfig.defaults(), StreamMode.UPDATES)),
                "stream_updates");
    }

    @Test
    void valuesStreamShowsInputThenEachStep() {
        oracle.assertFact(
                Oracle.values(graph.stream(PairUpdate.of().value("x"), RunConfig.defaults(), StreamMode.VALUES)),
                "stream_values");
    }

    @Test
    void nodeOverwritesAnInputValue() {
        oracle.assertFact(
                Oracle.state(graph.invoke(PairUpdate.of().value("y").count(41)).value()), "invoke_with_count");
        oracle.assertFact(nodes.keysSeenByA, "keys_seen_by_a_with_count");
    }

    @Test
    void emptyInputStillRunsAndUnsetKeysAreAbsent() {
        oracle.assertFact(Oracle.state(graph.invoke(PairUpdate.of()).value()), "invoke_empty_input");
        oracle.assertFact(nodes.keysSeenByA, "keys_seen_by_a_empty_input");
        assertEquals(
                List.of(),
                Oracle.values(graph.stream(PairUpdate.of(), RunConfig.defaults())).stream()
                        .filter(Map::isEmpty)
                        .toList());
    }
}
