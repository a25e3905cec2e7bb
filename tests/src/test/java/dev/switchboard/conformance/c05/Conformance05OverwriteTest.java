package dev.switchboard.conformance.c05;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

record Bag(@Reducer(Append.class) List<String> items) {}

/** a (append) -> reset (overwrite) -> b (append). */
class Sequential {
    @Node
    @Edge(from = START)
    BagUpdate a(Bag s) {
        return BagUpdate.of().items(List.of("a"));
    }

    @Node
    @Edge(from = "a")
    BagUpdate reset(Bag s) {
        return BagUpdate.of().overwriteItems(List.of("reset"));
    }

    @Node
    @Edge(from = "reset")
    BagUpdate b(Bag s) {
        return BagUpdate.of().items(List.of("b"));
    }
}

/** p1 appends, p2 overwrites, p3 appends, all in one step. */
class SameStep {
    @Node
    @Edge(from = START)
    BagUpdate p1(Bag s) {
        return BagUpdate.of().items(List.of("p1"));
    }

    @Node
    @Edge(from = START)
    BagUpdate p2(Bag s) {
        return BagUpdate.of().overwriteItems(List.of("p2"));
    }

    @Node
    @Edge(from = START)
    BagUpdate p3(Bag s) {
        return BagUpdate.of().items(List.of("p3"));
    }
}

/** Two overwrites in one step. */
class TwoOverwrites {
    @Node
    @Edge(from = START)
    BagUpdate o1(Bag s) {
        return BagUpdate.of().overwriteItems(List.of("o1"));
    }

    @Node
    @Edge(from = START)
    BagUpdate o2(Bag s) {
        return BagUpdate.of().overwriteItems(List.of("o2"));
    }
}

/** One appending node, to overwrite through the input. */
class JustInput {
    @Node
    @Edge(from = START)
    BagUpdate a(Bag s) {
        return BagUpdate.of().items(List.of("a"));
    }
}

class Conformance05OverwriteTest {
    private final Oracle oracle = Oracle.load("05-overwrite");

    @Test
    void overwriteReplacesAndLaterWritesReduceAgain() {
        SequentialGraph g = SequentialGraph.builder(new Sequential()).build();
        BagUpdate in = BagUpdate.of().items(List.of("in"));
        oracle.assertFact(Oracle.state(g.invoke(in).value()), "sequential", "invoke");
        oracle.assertFact(Oracle.values(g.stream(in, RunConfig.defaults())), "sequential", "stream_values");
        oracle.assertFact(
                Oracle.updates(g.stream(in, RunConfig.defaults(), StreamMode.UPDATES)), "sequential", "stream_updates");
    }

    @Test
    void writesAfterAnOverwriteInTheSameStepAreIgnored() {
        SameStepGraph g = SameStepGraph.builder(new SameStep()).build();
        oracle.assertFact(
                Oracle.state(g.invoke(BagUpdate.of().items(List.of("in"))).value()),
                "same_step_append_overwrite_append");
    }

    @Test
    void twoOverwritesInOneStepFailWithoutCode() {
        TwoOverwritesGraph g = TwoOverwritesGraph.builder(new TwoOverwrites()).build();
        InvalidUpdateException e = assertThrows(
                InvalidUpdateException.class, () -> g.invoke(BagUpdate.of().items(List.of("in"))));
        assertEquals(Optional.empty(), e.code());
        assertTrue(
                oracle.at("two_overwrites_same_step", "error", "lc_error_code").isNull());
        assertTrue(e.getMessage().contains("Can receive only one Overwrite value per step"), e.getMessage());
    }

    @Test
    void overwriteInTheInput() {
        JustInputGraph g = JustInputGraph.builder(new JustInput()).build();
        oracle.assertFact(
                Oracle.state(g.invoke(BagUpdate.of().overwriteItems(List.of("x", "y")))
                        .value()),
                "overwrite_in_input_wire_format");
        oracle.assertFact(
                Oracle.state(
                        g.invoke(BagUpdate.of().overwriteItems(List.of("z"))).value()),
                "overwrite_in_input_class");
    }
}
