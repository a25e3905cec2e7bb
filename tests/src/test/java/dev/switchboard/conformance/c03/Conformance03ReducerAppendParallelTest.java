package dev.switchboard.conformance.c03;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

record Items(@Reducer(Append.class) List<String> items) {}

/** Declared zeta first on purpose: same-step writes reach the reducer in node-name order. */
class Fan {
    final List<String> order = new CopyOnWriteArrayList<>();
    final List<Map<String, List<String>>> inputs = new CopyOnWriteArrayList<>();

    @Node
    @Edge(from = START)
    ItemsUpdate zeta(Items s) {
        return visit("zeta", s);
    }

    @Node
    @Edge(from = START)
    ItemsUpdate alpha(Items s) {
        return visit("alpha", s);
    }

    @Node
    @Edge(from = "zeta")
    @Edge(from = "alpha")
    ItemsUpdate join(Items s) {
        return visit("join", s);
    }

    private ItemsUpdate visit(String name, Items s) {
        order.add(name);
        inputs.add(Map.of(name, s.items()));
        return ItemsUpdate.of().items(List.of(name));
    }
}

class Conformance03ReducerAppendParallelTest {
    private final Oracle oracle = Oracle.load("03-reducer-append-parallel");
    private final Fan nodes = new Fan();
    private final FanGraph sequential =
            FanGraph.builder(nodes).executor(Runnable::run).build();

    @Test
    void inputGoesThroughTheReducerAndSameStepWritesApplyInNameOrder() {
        oracle.assertFact(
                Oracle.state(
                        sequential.invoke(ItemsUpdate.of().items(List.of("in"))).value()),
                "invoke");
        oracle.assertFact(nodes.order, "execution_order");
        oracle.assertFact(nodes.inputs, "node_inputs");
    }

    @RepeatedTest(20)
    void reducerOrderDoesNotDependOnCompletionOrder() {
        FanGraph parallel = FanGraph.builder(new Fan()).build();
        oracle.assertFact(
                Oracle.state(
                        parallel.invoke(ItemsUpdate.of().items(List.of("in"))).value()),
                "invoke");
    }

    @Test
    void streams() {
        // The JS scenario's join node writes the bare string "join", which its append reducer wraps;
        // a typed Java update writes the list ["join"]. Same reducer input, so compare them wrapped.
        var expected = oracle.at("stream_updates").deepCopy();
        ((tools.jackson.databind.node.ObjectNode) expected.get(2).get("join"))
                .set("items", Oracle.json(List.of("join")));
        assertEquals(
                expected,
                Oracle.json(Oracle.updates(sequential.stream(
                        ItemsUpdate.of().items(List.of("in")), RunConfig.defaults(), StreamMode.UPDATES))));
        oracle.assertFact(
                Oracle.values(sequential.stream(ItemsUpdate.of().items(List.of("in")), RunConfig.defaults())),
                "stream_values");
    }

    @Test
    void missingInputUsesTheEmptyList() {
        oracle.assertFact(Oracle.state(sequential.invoke(ItemsUpdate.of()).value()), "invoke_no_items");
        oracle.assertFact(
                Oracle.state(sequential
                        .invoke(ItemsUpdate.of().items(List.of("solo")))
                        .value()),
                "invoke_scalar_input");
        assertEquals(List.of("alpha", "zeta", "join"), nodes.order.subList(0, 3));
    }
}
