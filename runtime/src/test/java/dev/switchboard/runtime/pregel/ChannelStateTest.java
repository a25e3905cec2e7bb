package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.Overwrite;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.checkpoint.ChannelVersion;
import dev.switchboard.runtime.checkpoint.Checkpoint;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.reducer.ReduceFunction;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.ComponentSpec;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.ValueSource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link ChannelState} on a hand-built graph, as LangGraph's {@code test_algo.py} tests
 * {@code prepare_next_tasks} and {@code apply_writes}: which tasks a superstep gets, and what the
 * barrier does to channels and versions. No generated code and no loop are involved.
 *
 * <p>The graph: {@code __start__} leads to {@code a} and {@code b}; {@code c} joins {@code a} and
 * {@code b}; {@code a} leads to the deferred {@code d}; {@code e} is reached only by Send.
 */
class ChannelStateTest {
    private static final ValueType STRING = ValueType.of(String.class);
    private static final String ONE_OVERWRITE = "Can receive only one Overwrite value per step.";
    private static final TaskIds.Scope IDS = new TaskIds.Scope("checkpoint-1", "", 3);

    /** Concatenates, and says it accumulates, so its writes are tracked as deltas. */
    private static final ReduceFunction<String> CONCAT = new ReduceFunction<>() {
        @Override
        public String reduce(String current, String update) {
            return current + "," + update;
        }

        @Override
        public boolean accumulates() {
            return true;
        }
    };

    /** The state record as an array of its component values: name, log, flag. */
    private static final StateSchema<Object[]> STATE = new StateSchema<>() {
        @Override
        public Class<Object[]> recordType() {
            return Object[].class;
        }

        @Override
        public List<ComponentSpec> components() {
            return List.of(
                    ComponentSpec.channel(ChannelSpec.lastValue("name", STRING)),
                    ComponentSpec.channel(ChannelSpec.reducer("log", CONCAT, STRING)),
                    ComponentSpec.channel(ChannelSpec.ephemeral("flag", STRING).unguarded()));
        }

        @Override
        public Object[] read(ValueSource values) {
            return new Object[] {values.value(0), values.value(1), values.value(2)};
        }
    };

    private final GraphSpec spec = GraphSpec.of(GraphDefinition.builder("g", STATE)
            .node(1, "a", STRING)
            .reads(STATE)
            .node(2, "b", STRING)
            .reads(STATE)
            .node(3, "c", STRING)
            .reads(STATE)
            .node(4, "d", STRING)
            .reads(STATE)
            .deferred()
            .node(5, "e", STRING)
            .edge(ReservedNames.START, "a")
            .edge(ReservedNames.START, "b")
            .edge("a", "d")
            .join("c", "a", "b")
            .build());

    private final ChannelState state = new ChannelState(spec);

    @Test
    void aNodeRunsOnceForEachNewVersionOfItsTrigger() {
        start();
        assertEquals(List.of("a", "b"), names(state.prepareTasks(true, IDS)));
        step(task("a"), task("b"));
        assertFalse(names(state.prepareTasks(false, IDS)).contains("a"), "a saw its trigger's version");
        step(task("c", "branch:to:a", "c"));
        assertEquals(List.of("a"), names(state.prepareTasks(true, IDS)), "a new version triggers a again");
    }

    @Test
    void aJoinWaitsForEveryNodeItJoins() {
        start();
        step(task("a", "join:a+b:c", "a"));
        assertFalse(names(state.prepareTasks(false, IDS)).contains("c"), "b has not arrived");
        step(task("b", "join:a+b:c", "b"));
        assertEquals(List.of("c"), names(state.prepareTasks(true, IDS)));
    }

    @Test
    void aDeferredNodeWaitsUntilNothingElseIsTriggered() {
        start();
        step(task("a", "branch:to:d", "a", "join:a+b:c", "a"), task("b", "join:a+b:c", "b"));
        assertEquals(List.of("c"), names(state.prepareTasks(true, IDS)), "d waits while c still runs");
        step(task("c"));
        assertEquals(List.of("d"), names(state.prepareTasks(true, IDS)));
    }

    @Test
    void sendsBecomePushTasksInSendOrderAndApplyAfterPullTasks() {
        start();
        step(
                task("a", ReservedNames.TASKS, Send.to("e", "x"), "branch:to:b", "a"),
                task("b", ReservedNames.TASKS, Send.to("e", "y")));
        List<Task> next = state.prepareTasks(true, IDS);
        assertEquals(List.of("e#0", "e#1", "b"), names(next));
        assertEquals(List.of("x", "y"), List.of(next.get(0).payload, next.get(1).payload));
        assertEquals(List.of("b", "e#0", "e#1"), names(Task.applyOrder(next)));
        assertEquals(TaskIds.of("checkpoint-1", "", 3, "e", 1), next.get(1).id(), "ids derive from the step's scope");
        assertEquals(TaskIds.of("checkpoint-1", "", 3, "b", -1), next.get(2).id());
    }

    @Test
    void aReducerFoldsTheStepsWritesInTaskOrderAndAnOverwriteReplacesThem() {
        step(task("a", "log", "1"), task("b", "log", "2"));
        assertEquals("1,2", read(state)[1]);
        step(task("a", "log", "3", "log", new Overwrite<>("fresh")), task("b", "log", "4"));
        assertEquals("fresh", read(state)[1], "writes before the Overwrite are dropped, after it too");
        InvalidUpdateException twice = assertThrows(
                InvalidUpdateException.class,
                () -> step(task("a", "log", new Overwrite<>("x")), task("b", "log", new Overwrite<>("y"))));
        assertTrue(
                twice.getMessage().endsWith(ONE_OVERWRITE + " Written in this step by nodes 'a', 'b'."),
                twice.getMessage());
    }

    @Test
    void twoWritesToAPlainChannelInOneStepConflictNamingTheWriters() {
        InvalidUpdateException e =
                assertThrows(InvalidUpdateException.class, () -> step(task("b", "name", "x"), task("a", "name", "y")));
        assertEquals(
                "Invalid update for channel \"name\" with values [\"x\",\"y\"]: LastValue can only receive one value"
                        + " per step. Give the state component a @Reducer if several nodes may write it in the"
                        + " same step. Written in this step by nodes 'b', 'a'.",
                e.getMessage());
        step(task("a", "name", "z"));
        assertEquals("z", read(state)[0], "a later step may write it again");
    }

    @Test
    void aLoneTaskWritingAPlainChannelTwiceConflictsAsTwoTasksDo() {
        InvalidUpdateException e =
                assertThrows(InvalidUpdateException.class, () -> step(task("a", "name", "x", "name", "y")));
        assertTrue(
                e.getMessage()
                        .endsWith("per step. Give the state component a @Reducer if several nodes may write it in"
                                + " the same step. Written in this step by node 'a'."),
                e.getMessage());
    }

    @Test
    void aLoneTasksWritesGetTheStepsVersionAndAccumulatingOnesAreTracked() {
        start();
        long before = versions(state).values().stream()
                .mapToLong(ChannelVersion::counter)
                .max()
                .orElseThrow();
        Map<Integer, List<Object>> tracked = new LinkedHashMap<>();
        state.apply(
                List.of(task("a", "name", "n", "log", "1", "flag", "up")),
                true,
                (c, values) -> tracked.put(c, List.copyOf(values)));
        assertArrayEquals(new Object[] {"n", "1", "up"}, read(state));
        Map<String, String> after = versions(state);
        assertEquals(after.get("name"), after.get("log"), "one barrier, one version");
        assertEquals(after.get("name"), after.get("flag"));
        assertEquals(before + 1, ChannelVersion.counter(after.get("name")));
        assertEquals(Map.of(spec.channelIndex.get("log"), List.of("1")), tracked);
        step(task("b", "log", "2"));
        assertArrayEquals(new Object[] {"n", "1,2", null}, read(state), "the lone write folds; the flag clears");
    }

    @Test
    void aVersionTheStateMadeReadsAsChannelVersionFormatsIt() {
        for (long counter : new long[] {0, 1, 42, 9_999_999_999_999_999L, Long.MAX_VALUE}) {
            for (String suffix : new String[] {"", "0.5281", "abc"}) {
                assertEquals(ChannelVersion.format(counter, suffix), ChannelVersions.ownVersion(counter, suffix));
            }
        }
    }

    @Test
    void anEphemeralValueClearsAtTheNextStepWithoutWrites() {
        step(task("a", "flag", "up", "name", "n"));
        assertEquals("up", read(state)[2]);
        Map<String, String> before = versions(state);
        step(task("b"));
        assertEquals(null, read(state)[2]);
        assertEquals("n", read(state)[0], "a plain value stays");
        assertTrue(
                ChannelVersion.counter(versions(state).get("flag")) > ChannelVersion.counter(before.get("flag")),
                "clearing is a change: the channel gets a new version");
    }

    @Test
    void onlyAccumulatingChannelsReportTheirWritesForDeltas() {
        Map<Integer, List<Object>> tracked = new LinkedHashMap<>();
        Task t = task("a", "log", "1", "name", "n");
        state.apply(List.of(t), true, (c, values) -> tracked.put(c, List.copyOf(values)));
        assertEquals(Map.of(spec.channelIndex.get("log"), List.of("1")), tracked);
    }

    @Test
    void aBreakpointSeesOnlyChangesSinceTheLastResume() {
        assertFalse(state.versions.changedSinceInterrupt());
        step(task("a", "name", "n"));
        assertTrue(state.versions.changedSinceInterrupt());
        state.versions.markInterruptSeen();
        assertFalse(state.versions.changedSinceInterrupt());
    }

    @Test
    void theVersionsSeenOfACheckpointFollowEachStepAndCannotBeChangedByItsReader() {
        start();
        Map<String, Map<String, String>> afterStart = state.versions.seenStrings();
        assertEquals(List.of(ReservedNames.START), List.copyOf(afterStart.keySet()));
        step(task("a", "name", "n"));
        Map<String, Map<String, String>> afterA = state.versions.seenStrings();
        assertEquals(afterStart.get(ReservedNames.START), afterA.get(ReservedNames.START), "a node that did not run");
        assertEquals(Map.of("branch:to:a", ChannelVersion.format(2, "")), afterA.get("a"));
        assertThrows(UnsupportedOperationException.class, () -> afterA.get("a").put("name", "1"));
        assertThrows(UnsupportedOperationException.class, () -> afterA.remove("a"));
        state.versions.markInterruptSeen();
        assertEquals(
                ChannelVersion.format(3, ""),
                state.versions.seenStrings().get(ReservedNames.INTERRUPT).get("name"),
                "what a resume saw is recorded from then on");
        assertEquals(afterA.get("a"), state.versions.seenStrings().get("a"));
    }

    @Test
    void aRestoredCheckpointPreparesTheSameTasksAndWritesTheSameVersions() {
        start();
        step(task("a", "join:a+b:c", "a", "name", "n", "branch:to:b", "a"));
        Checkpoint checkpoint = checkpoint(state);
        ChannelState restored = new ChannelState(spec);
        for (int c = 0; c < spec.channels.length; c++) {
            Object stored = state.channels()[c].checkpoint();
            if (stored != Channel.MISSING) {
                restored.channels()[c].restore(stored);
            }
        }
        restored.versions.restore(checkpoint);
        assertEquals(names(state.prepareTasks(false, IDS)), names(restored.prepareTasks(false, IDS)));
        assertEquals(List.of("b"), names(restored.prepareTasks(false, IDS)));
        assertEquals(versions(state), versions(restored));
        assertEquals(state.versions.seenStrings(), restored.versions.seenStrings());
        assertEquals(state.versions.lastWriter(), restored.versions.lastWriter());
        assertArrayEquals(read(state), read(restored));
    }

    // ---------------------------------------------------------------- helpers

    /** The input and the {@code __start__} task: what a run does before its first node. */
    private void start() {
        Task input = Task.input();
        input.add(spec.startChannel, "in");
        state.apply(List.of(input), false, null);
        List<Task> first = state.prepareTasks(true, IDS);
        assertEquals(List.of(ReservedNames.START), names(first));
        Task t = first.get(0);
        for (int i = 0; i < spec.edgeChannels[0].length; i++) {
            t.add(spec.edgeChannels[0][i], spec.edgeValues[0][i]);
        }
        step(t);
    }

    private void step(Task... tasks) {
        state.apply(Task.applyOrder(List.of(tasks)), true, null);
    }

    /** A pull task of {@code node} with its triggers, writing channel, value, channel, value... */
    private Task task(String node, Object... writes) {
        int n = spec.node(node);
        Task t = Task.pull(n, node, spec.triggers[n], IDS);
        for (int i = 0; i < writes.length; i += 2) {
            t.add(spec.channelIndex.get((String) writes[i]), writes[i + 1]);
        }
        return t;
    }

    private List<String> names(List<Task> tasks) {
        List<String> out = new ArrayList<>();
        for (Task t : tasks) {
            out.add(spec.nodeNames[t.node] + (t.isPush() ? "#" + t.pushIndex : ""));
        }
        return out;
    }

    private static Object[] read(ChannelState s) {
        return (Object[]) s.readState();
    }

    private Checkpoint checkpoint(ChannelState s) {
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        versions(s).forEach((name, v) -> channels.put(name, new ChannelVersion(v, v, 0, 0)));
        return new Checkpoint(Checkpoint.FORMAT_VERSION, "id", Instant.EPOCH, channels, s.versions.seenStrings(), 1);
    }

    /** The channels' version strings by name, as a checkpoint records them. */
    private static Map<String, String> versions(ChannelState s) {
        Map<String, String> out = new LinkedHashMap<>();
        String[] byChannel = s.versions.versionStrings();
        for (int c = 0; c < byChannel.length; c++) {
            if (byChannel[c] != null) {
                out.put(s.spec().channels[c].name(), byChannel[c]);
            }
        }
        return out;
    }
}
