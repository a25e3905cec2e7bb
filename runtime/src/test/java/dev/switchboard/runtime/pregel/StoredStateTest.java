package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.NodeUpdate;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeLimits;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.ComponentSpec;
import dev.switchboard.runtime.spi.GeneratedUpdate;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.ValueSource;
import dev.switchboard.runtime.spi.WriteSink;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * The state API on stored checkpoints alone: a {@link ChannelState} and a {@link Cursor} write
 * checkpoints of a hand-built graph ({@code a -> b}) to a {@link MemorySaver}, and {@link
 * StoredState} with {@link Snapshots} reads them back and updates them. No generated graph, no
 * dispatcher and no loop are involved, as LangGraph's {@code _prepare_state_snapshot} needs none.
 */
class StoredStateTest {
    private static final ValueType STRING = ValueType.of(String.class);

    /** One component, {@code name}; the record is its value. */
    private static final StateSchema<String> STATE = new StateSchema<>() {
        @Override
        public Class<String> recordType() {
            return String.class;
        }

        @Override
        public List<ComponentSpec> components() {
            return List.of(ComponentSpec.channel(ChannelSpec.lastValue("name", STRING)));
        }

        @Override
        public String read(ValueSource values) {
            return String.valueOf(values.value(0));
        }
    };

    private final GraphSpec spec = GraphSpec.of(GraphDefinition.builder("g", STATE)
            .node(1, "a", STRING)
            .reads(STATE)
            .node(2, "b", STRING)
            .reads(STATE)
            .edge("a", "b")
            .build());
    private final MemorySaver saver = new MemorySaver();

    @Test
    void theHeadShowsTheNextTaskAndAppliesTheWritesOfTasksThatFinished() {
        String checkpoint = writeRunUpToB();
        assertEquals(List.of("b"), Snapshots.of(load()).next());

        Task b = Task.pull(
                spec.node("b"),
                "b",
                spec.triggers[spec.node("b")],
                load().cursor.taskIds(spec, persistence()));
        b.add(spec.channelIndex.get("name"), "from b");
        b.outcome = Task.Outcome.RAN;
        persistence().putWrites(checkpoint, b, b.id());

        StateSnapshot<String> head = Snapshots.of(load(), true, null, null);
        assertEquals("from b", head.values());
        assertEquals(List.of(), head.next(), "b finished; its writes are applied at the head");
        assertEquals(Map.of("name", "from b"), head.tasks().get(0).writes());
        StateSnapshot<String> asStored = Snapshots.of(load());
        assertEquals("from a", asStored.values());
        assertEquals(List.of("b"), asStored.next(), "without applying, b is still next");
    }

    @Test
    void historyListsEveryCheckpointNewestFirstWithTheTasksEachLedTo() {
        writeRunUpToB();
        List<String> next = saver.list("t", "", ListOptions.ALL).stream()
                .map(this::stored)
                .map(s -> Snapshots.<String>of(s).next().toString() + "@" + s.cursor.metadata.step())
                .toList();
        assertEquals(List.of("[b]@0", "[a]@-1"), next);
    }

    @Test
    void anUpdateAsANodeRunsItsEdgesAndStoresAnUpdateCheckpoint() {
        String before = writeRunUpToB();
        RunScope scope = new RunScope(
                spec,
                null,
                Runnable::run,
                null,
                RunConfig.thread("t"),
                EventSink.NONE,
                persistence(),
                Cancellation.NEVER,
                null,
                List.of());
        String id = Snapshots.update(
                StoredState.load(spec, scope.persistence, Optional.empty()),
                scope,
                List.of(new NodeUpdate(new NameUpdate("edited"), "a")));
        StoredState after = load();
        assertEquals(id, after.cursor.checkpointId);
        assertEquals(before, after.cursor.parentCheckpointId);
        assertEquals(Source.UPDATE, after.cursor.metadata.source());
        assertEquals("edited", after.state.readState());
        assertEquals(List.of("b"), Snapshots.of(after).next(), "a's edge to b was written as a's would be");
    }

    // ---------------------------------------------------------------- helpers

    /** Checkpoints as a run would: an input step that triggers a, then a's step that triggers b. */
    private String writeRunUpToB() {
        ChannelState state = new ChannelState(spec);
        Cursor cursor = new Cursor();
        Persistence persistence = persistence();
        persistence.head = null;
        Task input = Task.input();
        input.add(spec.branchChannel[spec.node("a")], ReservedNames.START);
        state.apply(List.of(input), false, persistence);
        cursor.checkpoint(Source.INPUT, state, persistence, Map.of());
        List<Task> tasks = state.prepareTasks(true, cursor.taskIds(spec, persistence));
        Task a = tasks.get(0);
        a.add(spec.channelIndex.get("name"), "from a");
        a.add(spec.edgeChannels[a.node][0], spec.edgeValues[a.node][0]);
        state.apply(tasks, true, persistence);
        cursor.checkpoint(Source.LOOP, state, persistence, Map.of());
        persistence.flush();
        return cursor.checkpointId;
    }

    private Persistence persistence() {
        JsonSerde serde = new JsonSerde(SerdeLimits.DEFAULT, spec.sealedTypes);
        return new Persistence(saver, "t", "", Durability.SYNC, spec, new Codecs(spec, serde), serde);
    }

    private StoredState load() {
        return StoredState.load(spec, persistence(), Optional.empty());
    }

    private StoredState stored(CheckpointTuple tuple) {
        return StoredState.of(spec, persistence(), tuple, null);
    }

    /** An update of {@code name}, as a generated update would write it. */
    private static final class NameUpdate extends StateUpdate implements GeneratedUpdate {
        private final String name;

        NameUpdate(String name) {
            this.name = name;
        }

        @Override
        public StateSchema<?> schema() {
            return STATE;
        }

        @Override
        public void writeTo(WriteSink sink) {
            sink.write(0, name);
        }

        @Override
        protected void ownWrites(BiConsumer<String, Object> sink) {
            GeneratedUpdate.writesByName(this, sink);
        }
    }
}
