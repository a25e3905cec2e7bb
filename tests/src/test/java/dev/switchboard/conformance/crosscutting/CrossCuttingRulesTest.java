package dev.switchboard.conformance.crosscutting;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

record Trail(String value, @Reducer(Append.class) List<String> trail) {}

/** What a Send carries to {@code worker}. */
record Job(int n) {}

/** As scenario 13's goto_sends: router's Command starts two Send workers and the pull node after. */
class GotoSends {
    final List<String> trace = new CopyOnWriteArrayList<>();

    @Node(destinations = {"worker", "after"})
    @Edge(from = START)
    Command<TrailUpdate> router(Trail s) {
        trace.add("router");
        return Command.<TrailUpdate>send(Send.to("worker", new Job(1)), Send.to("worker", new Job(2)))
                .andGoTo("after");
    }

    @Node
    TrailUpdate worker(Job job) {
        trace.add("worker" + job.n());
        return TrailUpdate.of().trail(List.of("worker" + job.n()));
    }

    @Node
    TrailUpdate after(Trail s) {
        trace.add("after");
        return TrailUpdate.of().trail(List.of("after"));
    }
}

/**
 * Sends from a conditional edge plus a static edge out of the same node. The pull node zeta sorts
 * after worker by name, so only the pull-before-push rule puts it first.
 */
class EdgeSends {
    final List<String> trace = new CopyOnWriteArrayList<>();

    @Node
    @Edge(from = START)
    TrailUpdate split(Trail s) {
        trace.add("split");
        return TrailUpdate.of().trail(List.of("split"));
    }

    @Route(from = "split", to = "worker")
    List<Send<Job>> fanOut(Trail s) {
        return List.of(Send.to("worker", new Job(1)), Send.to("worker", new Job(2)));
    }

    @Node
    TrailUpdate worker(Job job) {
        trace.add("worker" + job.n());
        return TrailUpdate.of().trail(List.of("worker" + job.n()));
    }

    @Node
    @Edge(from = "split")
    TrailUpdate zeta(Trail s) {
        trace.add("zeta");
        return TrailUpdate.of().trail(List.of("zeta"));
    }
}

/** START -> a -> quiet -> hop, hop goes to b by a goto-only Command; quiet returns no writes. */
class Quiet {
    @Node
    @Edge(from = START)
    TrailUpdate a(Trail s) {
        return TrailUpdate.of()
                .value((s.value() == null ? "" : s.value()) + "a")
                .trail(List.of("a"));
    }

    @Node
    @Edge(from = "a")
    TrailUpdate quiet(Trail s) {
        return TrailUpdate.of();
    }

    @Node(destinations = "b")
    @Edge(from = "quiet")
    Command<TrailUpdate> hop(Trail s) {
        return Command.goTo("b");
    }

    @Node
    TrailUpdate b(Trail s) {
        return TrailUpdate.of().value(s.value() + "b").trail(List.of("b"));
    }
}

/**
 * The cross-cutting rules of the conformance README that no numbered scenario here records (their
 * scenarios 13, 23 and 29 are kept elsewhere). The oracle {@code cross-cutting.json} was recorded
 * from LangGraph.js 1.7.3 by {@code cross-cutting.mjs}, next to it in the test resources.
 */
class CrossCuttingRulesTest {
    private final Oracle oracle = Oracle.load("cross-cutting");
    private final TrailUpdate in = TrailUpdate.of().trail(List.of("in"));

    /**
     * Rule 1: push ({@code Send}) writes reach the reducer after the pull tasks of the same step, in
     * Send order. Rule 2: push tasks start first, so the sequential {@code updates} stream shows
     * {@code worker, worker, after} while the reducer applied {@code after, worker1, worker2}.
     */
    @Test
    void gotoSendsAreAppliedAfterThePullNodeButStreamedBeforeIt() {
        GotoSends nodes = new GotoSends();
        GotoSendsGraph g = GotoSendsGraph.builder(nodes).executor(Runnable::run).build();
        oracle.assertFact(Oracle.state(g.invoke(in).value()), "goto_sends", "result");
        oracle.assertFact(nodes.trace, "goto_sends", "trace");
        oracle.assertFact(
                Oracle.updates(g.stream(in, RunConfig.defaults(), StreamMode.UPDATES)), "goto_sends", "stream_updates");
        // The router step writes nothing, so it has no values event (rule 6).
        oracle.assertFact(
                Oracle.values(g.stream(in, RunConfig.defaults(), StreamMode.VALUES)), "goto_sends", "stream_values");
    }

    /** Rules 1 and 2 again, with the Sends from a conditional edge and a pull node named after them. */
    @Test
    void edgeSendsAreAppliedAfterThePullNodeWhateverItsName() {
        EdgeSends nodes = new EdgeSends();
        EdgeSendsGraph g = EdgeSendsGraph.builder(nodes).executor(Runnable::run).build();
        oracle.assertFact(Oracle.state(g.invoke(in).value()), "edge_sends", "result");
        oracle.assertFact(nodes.trace, "edge_sends", "trace");
        oracle.assertFact(
                Oracle.updates(g.stream(in, RunConfig.defaults(), StreamMode.UPDATES)), "edge_sends", "stream_updates");
    }

    /** Rule 1 does not depend on completion order: the same result with the tasks on several threads. */
    @RepeatedTest(20)
    void reducerOrderIsPathOrderWhenTasksRunInParallel() {
        oracle.assertFact(
                Oracle.state(GotoSendsGraph.builder(new GotoSends())
                        .build()
                        .invoke(in)
                        .value()),
                "goto_sends",
                "result");
        oracle.assertFact(
                Oracle.state(EdgeSendsGraph.builder(new EdgeSends())
                        .build()
                        .invoke(in)
                        .value()),
                "edge_sends",
                "result");
    }

    /**
     * Rule 6: a step that writes no channel has no {@code values} event, neither the input {@code {}}
     * nor the steps of {@code quiet} (an empty update) and {@code hop} (a goto-only Command); the
     * result is the last values event.
     */
    @Test
    void stepsThatWriteNothingHaveNoValuesEvent() {
        QuietGraph g = QuietGraph.builder(new Quiet()).build();
        TrailUpdate x = TrailUpdate.of().value("x");
        oracle.assertFact(Oracle.state(g.invoke(x).value()), "quiet", "result");
        oracle.assertFact(
                Oracle.values(g.stream(x, RunConfig.defaults(), StreamMode.VALUES)), "quiet", "stream_values");
        oracle.assertFact(
                Oracle.values(g.stream(TrailUpdate.of(), RunConfig.defaults(), StreamMode.VALUES)),
                "quiet",
                "stream_values_empty_input");
    }

    /** Rule 7: an empty update and a goto-only Command both appear in {@code updates} as {@code {node: {}}}. */
    @Test
    void nodesThatWriteNothingAppearInUpdatesWithEmptyWrites() {
        QuietGraph g = QuietGraph.builder(new Quiet()).build();
        TrailUpdate x = TrailUpdate.of().value("x");
        oracle.assertFact(
                Oracle.updates(g.stream(x, RunConfig.defaults(), StreamMode.UPDATES)), "quiet", "stream_updates");
        oracle.assertFact(
                Oracle.modes(g.stream(x, RunConfig.defaults(), StreamMode.UPDATES, StreamMode.VALUES)),
                "quiet",
                "stream_both");
    }
}
