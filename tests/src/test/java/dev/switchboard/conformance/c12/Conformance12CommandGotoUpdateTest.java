package dev.switchboard.conformance.c12;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

record Routed(String value, @Reducer(Append.class) List<String> trail) {}

/** router decides with a Command; no static edge leaves it. */
class Router {
    final List<String> trace = new CopyOnWriteArrayList<>();

    @Node(destinations = {"left", "right"})
    @Edge(from = START)
    Command<RoutedUpdate> router(Routed s) {
        trace.add("router");
        return Command.update(RoutedUpdate.of().value("routed:" + s.value()).trail(List.of("router")))
                .andGoTo(s.value().equals("left") ? "left" : "right");
    }

    @Node
    RoutedUpdate left(Routed s) {
        trace.add("left");
        return RoutedUpdate.of().trail(List.of("left"));
    }

    @Node
    RoutedUpdate right(Routed s) {
        trace.add("right");
        return RoutedUpdate.of().trail(List.of("right"));
    }
}

/** a has a static edge to b and returns Command(goto c): both run. */
class EdgePlusGoto {
    final List<String> trace = new CopyOnWriteArrayList<>();

    @Node(destinations = "c")
    @Edge(from = START)
    Command<RoutedUpdate> a(Routed s) {
        trace.add("a");
        return Command.update(RoutedUpdate.of().trail(List.of("a"))).andGoTo("c");
    }

    @Node
    @Edge(from = "a")
    RoutedUpdate b(Routed s) {
        trace.add("b");
        return RoutedUpdate.of().trail(List.of("b"));
    }

    @Node
    RoutedUpdate c(Routed s) {
        trace.add("c");
        return RoutedUpdate.of().trail(List.of("c"));
    }
}

/** Command(goto END) and update-only commands do not stop the static edge a -> b. */
class GotoEnd {
    @Node
    @Edge(from = START)
    Command<RoutedUpdate> a(Routed s) {
        return s.value().equals("end")
                ? Command.update(RoutedUpdate.of().trail(List.of("a-end"))).andGoTo(END)
                : Command.update(RoutedUpdate.of().trail(List.of("a-update-only")));
    }

    @Node
    @Edge(from = "a")
    RoutedUpdate b(Routed s) {
        return RoutedUpdate.of().trail(List.of("b"));
    }
}

/**
 * a -> END, b reachable through a's destinations; used with a Command as input. Destinations are
 * only allowed on a node that returns a Command, so a returns one without a goto.
 */
class CommandInput {
    @Node(destinations = "b")
    @Edge(from = START)
    Command<RoutedUpdate> a(Routed s) {
        return Command.update(RoutedUpdate.of().trail(List.of("a")));
    }

    @Node
    RoutedUpdate b(Routed s) {
        return RoutedUpdate.of().trail(List.of("b"));
    }
}

class Conformance12CommandGotoUpdateTest {
    private final Oracle oracle = Oracle.load("12-command-goto-update");

    @Test
    void commandUpdatesAndRoutes() {
        Router nodes = new Router();
        RouterGraph g = RouterGraph.builder(nodes).build();
        oracle.assertFact(Oracle.state(g.invoke(RoutedUpdate.of().value("left")).value()), "router_left");
        oracle.assertFact(
                Oracle.state(g.invoke(RoutedUpdate.of().value("right")).value()), "router_right");
        oracle.assertFact(nodes.trace, "router_trace");
        oracle.assertFact(
                Oracle.updates(g.stream(RoutedUpdate.of().value("left"), RunConfig.defaults(), StreamMode.UPDATES)),
                "router_stream_updates");
    }

    @Test
    void staticEdgeAndGotoBothFire() {
        EdgePlusGoto nodes = new EdgePlusGoto();
        EdgePlusGotoGraph g =
                EdgePlusGotoGraph.builder(nodes).executor(Runnable::run).build();
        oracle.assertFact(Oracle.state(g.invoke(RoutedUpdate.of()).value()), "static_edge_plus_command_goto", "result");
        oracle.assertFact(nodes.trace, "static_edge_plus_command_goto", "trace");
        oracle.assertFact(
                Oracle.updates(g.stream(RoutedUpdate.of(), RunConfig.defaults(), StreamMode.UPDATES)),
                "static_edge_plus_command_goto_stream_updates");
    }

    @Test
    void gotoEndDoesNotSuppressStaticEdges() {
        GotoEndGraph g = GotoEndGraph.builder(new GotoEnd()).build();
        oracle.assertFact(
                Oracle.state(g.invoke(RoutedUpdate.of().value("end")).value()), "command_goto_END_with_static_edge");
        oracle.assertFact(Oracle.state(g.invoke(RoutedUpdate.of().value("x")).value()), "command_update_only");
    }

    @Test
    void commandAsInputSkipsTheStartEdges() {
        CommandInputGraph g = CommandInputGraph.builder(new CommandInput()).build();
        oracle.assertFact(
                Oracle.state(g.invoke(
                                Command.update(RoutedUpdate.of().trail(List.of("cmd-input")))
                                        .andGoTo("b"),
                                RunConfig.defaults())
                        .value()),
                "command_as_input_fresh_thread",
                "result");
    }
}
