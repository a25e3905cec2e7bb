package dev.switchboard.conformance.c26;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

record ParentState(String value, @Reducer(Append.class) List<String> log) {}

record ChildState(String value, @Reducer(Append.class) List<String> log, String sub_private) {}

/** START -> s1 -> s2. */
class Child {
    @Node
    @Edge(from = START)
    ChildStateUpdate s1(ChildState s) {
        return ChildStateUpdate.of().log(List.of("s1")).sub_private("saw:" + s.value());
    }

    @Node
    @Edge(from = "s1")
    ChildStateUpdate s2(ChildState s) {
        return ChildStateUpdate.of().value(s.value() + ">s2(" + s.sub_private() + ")");
    }
}

/** START -> p1 -> child (the compiled child graph as a node) -> p2. */
class Parent {
    private final ChildGraph child = ChildGraph.builder(new Child()).build();

    @Node
    @Edge(from = START)
    ParentStateUpdate p1(ParentState s) {
        return ParentStateUpdate.of().value(s.value() + ">p1").log(List.of("p1"));
    }

    @SuppressWarnings(
            "switchboard:subgraph-reappend") // LangGraph re-appends the child's whole output; the oracle records it
    @Node
    @Edge(from = "p1")
    ChildGraph child() {
        return child;
    }

    @Node
    @Edge(from = "child")
    ParentStateUpdate p2(ParentState s) {
        return ParentStateUpdate.of().value(s.value() + ">p2").log(List.of("p2"));
    }
}

record Inner(String text, @Reducer(Sum.class) int n) {}

/** START -> upper. */
class Upper {
    @Node
    @Edge(from = START)
    InnerUpdate upper(Inner s) {
        return InnerUpdate.of().text(s.text().toUpperCase(Locale.ROOT)).n(1);
    }
}

/** A node that runs a graph of another state and maps it by hand. */
class Wrapper {
    private final UpperGraph inner = UpperGraph.builder(new Upper()).build();

    @Node
    @Edge(from = START)
    ParentStateUpdate call_inner(ParentState s, NodeContext ctx) {
        GraphOutput<Inner> r = ctx.invoke(inner, InnerUpdate.of().text(s.value()));
        return ParentStateUpdate.of()
                .value(r.value().text())
                .log(List.of("inner-n=" + r.value().n()));
    }
}

class Conformance26SubgraphNodeTest {
    private final Oracle oracle = Oracle.load("26-subgraph-node");
    private final ParentGraph parent = ParentGraph.builder(new Parent()).build();
    private final ParentStateUpdate input = ParentStateUpdate.of().value("x").log(List.of("in"));
    private final RunConfig subgraphs = RunConfig.defaults().withSubgraphStreaming();

    @Test
    void aSubgraphNodeReadsAndWritesTheSharedChannels() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("invoke", Oracle.state(parent.invoke(input).value()));
        facts.put(
                "stream_updates_no_subgraphs",
                Oracle.updates(parent.stream(input, RunConfig.defaults(), StreamMode.UPDATES)));
        facts.put(
                "stream_updates_subgraphs", Oracle.withNamespaces(parent.stream(input, subgraphs, StreamMode.UPDATES)));
        oracle.assertFacts(facts);
    }

    @Test
    void subgraphValuesStreamUnderItsNamespaceStartingWithItsInput() {
        oracle.assertFacts(Map.of(
                "stream_values_subgraphs", Oracle.withNamespaces(parent.stream(input, subgraphs, StreamMode.VALUES))));
    }

    @Test
    void aGraphRunFromANodeGetsANamespaceToo() {
        WrapperGraph wrapper = WrapperGraph.builder(new Wrapper()).build();
        ParentStateUpdate in = ParentStateUpdate.of().value("abc").log(List.of());
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("node_calls_subgraph_invoke", Oracle.state(wrapper.invoke(in).value()));
        facts.put(
                "node_calls_subgraph_stream_updates_subgraphs",
                Oracle.withNamespaces(wrapper.stream(in, subgraphs, StreamMode.UPDATES)));
        oracle.assertFacts(facts);
    }
}
