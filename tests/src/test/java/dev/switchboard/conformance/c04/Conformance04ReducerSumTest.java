package dev.switchboard.conformance.c04;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Sum;
import org.junit.jupiter.api.Test;

/** A reducer without an empty value: the first write is stored as it is. */
final class JoinWithPipe implements dev.switchboard.runtime.reducer.ReduceFunction<String> {
    @Override
    public String reduce(String current, String update) {
        return current + "|" + update;
    }
}

record Totals(
        @Reducer(Sum.class) int total,
        @Reducer(JoinWithPipe.class) String log) {}

class Doubling {
    @Node
    @Edge(from = START)
    TotalsUpdate plus1(Totals s) {
        return TotalsUpdate.of().total(1).log("plus1");
    }

    @Node
    @Edge(from = START)
    TotalsUpdate plus10(Totals s) {
        return TotalsUpdate.of().total(10).log("plus10");
    }

    @Node(name = "double")
    @Edge(from = "plus1")
    @Edge(from = "plus10")
    TotalsUpdate doubled(Totals s) {
        return TotalsUpdate.of().total(s.total()).log("double");
    }
}

class Conformance04ReducerSumTest {
    private final Oracle oracle = Oracle.load("04-reducer-sum");
    private final DoublingGraph graph = DoublingGraph.builder(new Doubling()).build();

    @Test
    void sumStartsAtZeroAndReducesTheInput() {
        oracle.assertFact(Oracle.state(graph.invoke(TotalsUpdate.of().total(5)).value()), "invoke_with_total_5");
        oracle.assertFact(Oracle.state(graph.invoke(TotalsUpdate.of()).value()), "invoke_empty");
    }

    @Test
    void reducerWithoutEmptyValueStoresTheFirstWriteAsItIs() {
        oracle.assertFact(
                Oracle.state(
                        graph.invoke(TotalsUpdate.of().total(0).log("seed")).value()),
                "invoke_with_log_seed");
    }

    @Test
    void streams() {
        oracle.assertFact(
                Oracle.values(graph.stream(TotalsUpdate.of().total(5), RunConfig.defaults())), "stream_values");
        var updates = Oracle.updates(DoublingGraph.builder(new Doubling()).executor(Runnable::run).build().stream(
                TotalsUpdate.of().total(5), RunConfig.defaults(), StreamMode.UPDATES));
        oracle.assertFact(updates, "stream_updates");
    }
}
