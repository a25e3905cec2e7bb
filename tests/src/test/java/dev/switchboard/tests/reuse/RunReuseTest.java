package dev.switchboard.tests.reuse;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.reducer.Append;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * @param fanOut how many sends {@code split} makes
 * @param round how many times {@code again} has looped back
 * @param log what the nodes ran, with their step and input
 */
record Job(int fanOut, int round, @Reducer(Append.class) List<String> log) {}

/**
 * A graph with every kind of task a run reuses: pull tasks in a chain ({@code split}, {@code
 * again}), push tasks ({@code work}, one per send) and a loop ({@code again} back to {@code split}).
 */
class Jobs {
    @Node
    @Edge(from = START)
    JobUpdate split(Job s, NodeContext ctx) {
        return JobUpdate.of().log(List.of("split@" + ctx.step() + " round " + s.round()));
    }

    @Route(
            from = "split",
            to = {"work"})
    List<Send<?>> fan(Job s) {
        List<Send<?>> out = new ArrayList<>();
        for (int i = 0; i < s.fanOut(); i++) {
            out.add(Send.to("work", s.round() * 100 + i));
        }
        return out;
    }

    @Node
    JobUpdate work(int item, NodeContext ctx) {
        if (item / 100 == failRound) {
            throw new IllegalStateException("work failed at " + item);
        }
        return JobUpdate.of().log(List.of("work " + item + "@" + ctx.step()));
    }

    @Node
    @Edge(from = "work")
    JobUpdate again(Job s) {
        return JobUpdate.of().round(s.round() + 1);
    }

    @Route(
            from = "again",
            to = {"split", END})
    String loop(Job s) {
        return s.round() < 2 ? "split" : END;
    }

    /** The round in which every {@code work} task fails; -1 for none. Set by the test. */
    volatile int failRound = -1;
}

/**
 * A graph's runs reuse what earlier runs and steps left (tasks, their executions, the channel
 * state): each run must still see only its own input, steps and writes, whatever ran before it
 * on the same graph (runs of other sizes, a failed run, a streamed run, runs on other threads).
 */
class RunReuseTest {
    private final Jobs nodes = new Jobs();
    private final JobsGraph graph = JobsGraph.builder(nodes).build();

    /** What a run of {@code fanOut} sends logs: two rounds, each a split, its work items and the loop back. */
    private static List<String> expected(int fanOut) {
        List<String> log = new ArrayList<>();
        int step = 1;
        for (int round = 0; round < 2; round++) {
            log.add("split@" + step + " round " + round);
            step++;
            for (int i = 0; i < fanOut; i++) {
                log.add("work " + (round * 100 + i) + "@" + step);
            }
            step += 2; // work, then again
        }
        return log;
    }

    private List<String> run(int fanOut) {
        Job out = graph.invoke(JobUpdate.of().fanOut(fanOut)).value();
        assertEquals(2, out.round());
        return out.log();
    }

    @Test
    void runsOfOtherSizesInTurnEachSeeOnlyTheirOwnSendsAndSteps() {
        for (int fanOut : new int[] {3, 1, 7, 1, 7, 2}) {
            assertEquals(expected(fanOut), run(fanOut), "fan-out " + fanOut);
        }
    }

    @Test
    void anEarlierRunsOutputStaysAsItWasAfterLaterRuns() {
        List<String> first = run(2);
        List<String> copy = List.copyOf(first);
        run(5);
        run(1);
        assertEquals(copy, first);
    }

    @Test
    void aRunAfterAFailedRunStartsClean() {
        nodes.failRound = 1;
        NodeException failure = assertThrows(NodeException.class, () -> run(3));
        assertEquals("work", failure.node());
        nodes.failRound = -1;
        assertEquals(expected(3), run(3));
        assertEquals(expected(4), run(4));
    }

    @Test
    void aStreamedRunBetweenInvokesChangesNothing() {
        assertEquals(expected(2), run(2));
        long updates;
        try (var parts = graph.stream(JobUpdate.of().fanOut(3), RunConfig.defaults(), StreamMode.UPDATES)) {
            updates = parts.count();
        }
        assertEquals(1 + 3 + 1 + 1 + 3 + 1, updates);
        assertEquals(expected(2), run(2));
    }

    @Test
    void runsOnManyThreadsAtOnceEachGetTheirOwnResult() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                int fanOut = 1 + i % 6;
                results.add(pool.submit(() -> run(fanOut)));
            }
            for (int i = 0; i < results.size(); i++) {
                assertEquals(expected(1 + i % 6), results.get(i).get(), "run " + i);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aWideStepThenNarrowOnesKeepTheirTasksApart() {
        assertEquals(expected(300), run(300));
        assertEquals(expected(1), run(1));
        assertEquals(
                IntStream.range(1, 4).mapToObj(i -> expected(i)).toList(),
                IntStream.range(1, 4).mapToObj(this::run).toList());
    }
}
