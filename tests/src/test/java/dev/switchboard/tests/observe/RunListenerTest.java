package dev.switchboard.tests.observe;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Cache;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.RunListener;
import dev.switchboard.runtime.TaskInfo;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

record Steps(@Reducer(Append.class) List<String> log, boolean ask, boolean fail) {}

/** a, then b and c in parallel (c cached), then a pause or failure in d when asked. */
class Flow {
    @Node
    @Edge(from = START)
    StepsUpdate a(Steps s) {
        return StepsUpdate.of().log(List.of("a"));
    }

    @Node
    @Edge(from = "a")
    StepsUpdate b(Steps s) {
        return StepsUpdate.of().log(List.of("b"));
    }

    @Node
    @Edge(from = "a")
    @Cache(ttlSeconds = 60)
    StepsUpdate c(Steps s) {
        return StepsUpdate.of().log(List.of("c"));
    }

    @Node
    @Edge(from = "b")
    @Edge(from = "c")
    StepsUpdate d(Steps s, NodeContext ctx) {
        if (s.fail()) {
            throw new IllegalStateException("d failed");
        }
        if (s.ask()) {
            ctx.interrupt("go?", String.class);
        }
        return StepsUpdate.of().log(List.of("d"));
    }
}

/** Records every callback as one line. */
class Recorder implements RunListener {
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<TaskInfo> tasks = new CopyOnWriteArrayList<>();

    @Override
    public void runStarted(RunInfo run) {
        events.add("run+");
    }

    @Override
    public void runFinished(RunInfo run, Duration elapsed) {
        events.add("run:finished");
    }

    @Override
    public void runPaused(RunInfo run, List<Interrupt> interrupts, Duration elapsed) {
        events.add("run:paused:" + interrupts.size());
    }

    @Override
    public void runFailed(RunInfo run, Throwable error, Duration elapsed) {
        events.add("run:failed:" + error.getClass().getSimpleName());
    }

    @Override
    public void superstepStarted(RunInfo run, long step, List<String> nodes) {
        events.add("step" + step + nodes);
    }

    @Override
    public void taskStarted(TaskInfo task) {
        tasks.add(task);
    }

    @Override
    public void taskFinished(TaskInfo task, Duration elapsed) {
        events.add(task.node() + ":finished");
    }

    @Override
    public void taskFailed(TaskInfo task, Throwable error, Duration elapsed) {
        events.add(task.node() + ":failed");
    }

    @Override
    public void taskInterrupted(TaskInfo task, List<Interrupt> interrupts, Duration elapsed) {
        events.add(task.node() + ":interrupted");
    }

    @Override
    public void taskCached(TaskInfo task) {
        events.add(task.node() + ":cached");
    }

    @Override
    public void checkpointSaved(RunInfo run, String checkpointId, long step, Duration latency) {
        events.add("checkpoint" + step);
    }
}

class RunListenerTest {
    @Test
    void aListenerSeesRunsSuperstepsTasksAndCheckpointsInOrder() {
        Recorder recorder = new Recorder();
        FlowGraph graph = FlowGraph.builder(new Flow())
                .checkpointer(new MemorySaver())
                .listener(recorder)
                .build();
        graph.invoke(StepsUpdate.of(), RunConfig.thread("t1"));

        List<String> events = recorder.events;
        assertEquals("run+", events.get(0));
        assertEquals("run:finished", events.get(events.size() - 1));
        assertTrue(events.containsAll(List.of("step1[a]", "step2[b, c]", "step3[d]")), events.toString());
        assertTrue(
                events.indexOf("a:finished") < events.indexOf("step2[b, c]")
                        && events.indexOf("step3[d]") < events.indexOf("d:finished"),
                events.toString());
        assertEquals(5, events.stream().filter(e -> e.startsWith("checkpoint")).count(), events.toString());

        TaskInfo a = recorder.tasks.get(0);
        assertEquals("a", a.node());
        assertEquals(1, a.step());
        assertEquals(1, a.attempt());
        assertEquals("t1", a.run().threadId());
        assertEquals(graph.name(), a.run().graph());
        assertNotNull(a.checkpointId());
        assertNull(a.run().parentRunId());

        // The second run reads c from the node cache: a cached task, no start.
        recorder.events.clear();
        graph.invoke(StepsUpdate.of(), RunConfig.thread("t2"));
        assertTrue(recorder.events.contains("c:cached"), recorder.events.toString());
        assertTrue(!recorder.events.contains("c:finished"), recorder.events.toString());
    }

    @Test
    void pausesAndFailuresEndTheRunWithTheirOutcome() {
        Recorder recorder = new Recorder();
        FlowGraph graph = FlowGraph.builder(new Flow())
                .checkpointer(new MemorySaver())
                .listener(recorder)
                .build();
        graph.invoke(StepsUpdate.of().ask(true), RunConfig.thread("p"));
        assertTrue(recorder.events.contains("d:interrupted"), recorder.events.toString());
        assertEquals("run:paused:1", recorder.events.get(recorder.events.size() - 1));

        recorder.events.clear();
        graph.invoke(Command.resume("yes"), RunConfig.thread("p"));
        assertEquals("run+", recorder.events.get(0));
        assertEquals("run:finished", recorder.events.get(recorder.events.size() - 1));

        recorder.events.clear();
        assertThrows(RuntimeException.class, () -> graph.invoke(StepsUpdate.of().fail(true), RunConfig.thread("f")));
        assertTrue(recorder.events.contains("d:failed"), recorder.events.toString());
        assertTrue(
                recorder.events.get(recorder.events.size() - 1).startsWith("run:failed:"), recorder.events.toString());
    }

    @Test
    void aThrowingListenerNeverBreaksARunAndIsCounted() {
        Recorder after = new Recorder();
        RunListener broken = new RunListener() {
            @Override
            public void taskStarted(TaskInfo task) {
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void runFinished(RunInfo run, Duration elapsed) {
                throw new IllegalStateException("listener bug");
            }
        };
        FlowGraph graph =
                FlowGraph.builder(new Flow()).listener(broken).listener(after).build();
        Steps out = graph.invoke(StepsUpdate.of()).value();
        assertEquals(List.of("a", "b", "c", "d"), out.log());
        // Four task starts and the run's end threw; the next listener still saw everything.
        assertEquals(5, graph.listenerFailures());
        assertEquals("run:finished", after.events.get(after.events.size() - 1));
        assertEquals(4, after.tasks.size());
    }
}
