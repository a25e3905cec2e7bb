package dev.switchboard.conformance.c06;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.InvalidRouteException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import org.junit.jupiter.api.Test;

record Kind(String kind, @Reducer(Append.class) List<String> trail) {}

/** A: classify, then a route to handle_yes, handle_no or END ("nope" is not a destination). */
class Classifier {
    @Node
    @Edge(from = START)
    KindUpdate classify(Kind s) {
        return KindUpdate.of().trail(List.of("classify:" + s.kind()));
    }

    @Route(
            from = "classify",
            to = {"handle_yes", "handle_no", END})
    String router(Kind s) {
        return switch (s.kind()) {
            case "x" -> "handle_yes";
            case "stop" -> END;
            case "bogus" -> "nope";
            default -> "handle_no";
        };
    }

    @Node
    KindUpdate handle_yes(Kind s) {
        return KindUpdate.of().trail(List.of("yes"));
    }

    @Node
    KindUpdate handle_no(Kind s) {
        return KindUpdate.of().trail(List.of("no"));
    }
}

/** B: a route from START that fans out to a list of nodes; END is not a destination. */
class FanOut {
    @Route(
            from = START,
            to = {"n1", "n2", "n3"})
    List<String> pick(Kind s) {
        return switch (s.kind()) {
            case "both" -> List.of("n1", "n3");
            case "none" -> List.of();
            case "end" -> List.of(END);
            default -> List.of("n2");
        };
    }

    @Node
    KindUpdate n1(Kind s) {
        return KindUpdate.of().trail(List.of("n1"));
    }

    @Node
    KindUpdate n2(Kind s) {
        return KindUpdate.of().trail(List.of("n2"));
    }

    @Node
    KindUpdate n3(Kind s) {
        return KindUpdate.of().trail(List.of("n3"));
    }
}

/** C: the same from START with END among the destinations. */
class MayEnd {
    @Route(
            from = START,
            to = {"n1", "n2", END})
    String pick(Kind s) {
        return s.kind().equals("end") ? END : "n2";
    }

    @Node
    KindUpdate n1(Kind s) {
        return KindUpdate.of().trail(List.of("n1"));
    }

    @Node
    KindUpdate n2(Kind s) {
        return KindUpdate.of().trail(List.of("n2"));
    }
}

class Conformance06ConditionalEdgesTest {
    private final Oracle oracle = Oracle.load("06-conditional-edges");
    private final ClassifierGraph a = ClassifierGraph.builder(new Classifier()).build();
    private final FanOutGraph b =
            FanOutGraph.builder(new FanOut()).executor(Runnable::run).build();
    private final MayEndGraph c = MayEndGraph.builder(new MayEnd()).build();

    @Test
    void routeWithDestinationList() {
        oracle.assertFact(Oracle.state(a.invoke(KindUpdate.of().kind("x")).value()), "A_kind_x");
        oracle.assertFact(Oracle.state(a.invoke(KindUpdate.of().kind("y")).value()), "A_kind_y");
        oracle.assertFact(Oracle.state(a.invoke(KindUpdate.of().kind("stop")).value()), "A_kind_stop_routes_to_END");
        oracle.assertFact(
                Oracle.updates(a.stream(KindUpdate.of().kind("x"), RunConfig.defaults(), StreamMode.UPDATES)),
                "A_stream_updates_kind_x");
    }

    @Test
    void unknownDestinationFails() {
        InvalidRouteException e = assertThrows(
                InvalidRouteException.class, () -> a.invoke(KindUpdate.of().kind("bogus")));
        assertTrue(e.getMessage()
                .startsWith(oracle.at("A_kind_bogus_unknown_path_key", "error", "message")
                        .asString()));
        assertTrue(e.getMessage().contains("'nope'"), e.getMessage());
    }

    @Test
    void routeFromStartFansOut() {
        oracle.assertFact(Oracle.state(b.invoke(KindUpdate.of().kind("single")).value()), "B_single");
        oracle.assertFact(Oracle.state(b.invoke(KindUpdate.of().kind("both")).value()), "B_fanout_list");
        oracle.assertFact(
                Oracle.updates(b.stream(KindUpdate.of().kind("both"), RunConfig.defaults(), StreamMode.UPDATES)),
                "B_fanout_stream_updates");
        oracle.assertFact(
                Oracle.state(b.invoke(KindUpdate.of().kind("none")).value()), "B_empty_list_no_destinations", "result");
    }

    @Test
    void endOutsideTheDestinationsFails() {
        assertThrows(InvalidRouteException.class, () -> b.invoke(KindUpdate.of().kind("end")));
        oracle.assertFact(Oracle.state(c.invoke(KindUpdate.of().kind("end")).value()), "C_END_in_path_list", "result");
    }
}
