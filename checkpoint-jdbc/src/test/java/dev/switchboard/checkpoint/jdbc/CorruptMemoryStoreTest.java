package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The serialized forms {@link MemorySaver} keeps (channel values, delta chains, pending writes),
 * damaged between the store and the run: restoring fails as a {@link SerdeException} naming what is
 * broken, as on the database stores ({@link CorruptStoreTest}).
 */
class CorruptMemoryStoreTest {
    /** A saver that hands out damaged copies of what the memory saver keeps. */
    private static final class Damaging extends ForwardingCheckpointSaver {
        UnaryOperator<Blob> blobs = UnaryOperator.identity();
        List<PendingWrite> extraWrites = List.of();

        Damaging() {
            super(new MemorySaver());
        }

        @Override
        public Optional<CheckpointTuple> getTuple(String t, String ns, String id) {
            return delegate().getTuple(t, ns, id).map(this::damage);
        }

        @Override
        public List<CheckpointTuple> list(String t, String ns, ListOptions options) {
            return delegate().list(t, ns, options).stream().map(this::damage).toList();
        }

        private CheckpointTuple damage(CheckpointTuple t) {
            List<PendingWrite> writes = new ArrayList<>(t.pendingWrites());
            writes.addAll(extraWrites);
            return new CheckpointTuple(
                    t.threadId(),
                    t.namespace(),
                    t.checkpoint(),
                    t.metadata(),
                    t.parentId(),
                    t.blobs().stream().map(blobs).toList(),
                    writes);
        }
    }

    private static Blob with(Blob b, String previous, Blob.Kind kind, byte[] data) {
        return new Blob(b.channel(), b.version(), b.base(), previous, kind, data);
    }

    private static UnaryOperator<Blob> deltas(UnaryOperator<Blob> change) {
        return b -> b.kind() == Blob.Kind.DELTA ? change.apply(b) : b;
    }

    @Test
    void damagedValuesChainsAndWritesFailNamingWhatIsBroken() {
        Map<String, UnaryOperator<Blob>> blobCases = Map.of(
                "channel 'messages'", deltas(b -> with(b, b.previous(), b.kind(), bytes("{not json"))),
                "form a loop", deltas(b -> with(b, b.version(), b.kind(), b.data())),
                "is missing", deltas(b -> with(b, "nowhere", b.kind(), b.data())),
                "a delta was skipped", deltas(b -> with(b, b.base(), b.kind(), b.data())),
                "snapshot base", deltas(b -> with(b, "", Blob.Kind.SNAPSHOT, b.data())));
        List<String> wrong = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, UnaryOperator<Blob>> k : blobCases.entrySet()) {
            Damaging saver = new Damaging();
            ChatterGraph graph =
                    ChatterGraph.builder(new Chatter(3)).checkpointer(saver).build();
            RunConfig thread = RunConfig.thread("memory-" + n++);
            graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), thread);
            saver.blobs = k.getValue();
            try {
                graph.getState(thread);
                wrong.add(k.getKey() + ": nothing thrown");
            } catch (SerdeException e) {
                if (!e.getMessage().contains(k.getKey())) {
                    wrong.add(k.getKey() + ": " + e.getMessage());
                }
            }
        }
        assertEquals(List.of(), wrong);

        Damaging saver = new Damaging();
        ChatterGraph graph =
                ChatterGraph.builder(new Chatter(3)).checkpointer(saver).build();
        graph.invoke(TranscriptUpdate.of().messages(List.of("hello")), RunConfig.thread("writes"));
        saver.extraWrites = List.of(new PendingWrite("task-9", 2, "messages", bytes("[oops")));
        SerdeException e = assertThrows(SerdeException.class, () -> graph.getState(RunConfig.thread("writes")));
        assertTrue(
                e.getMessage()
                        .startsWith("the stored pending write 2 of task task-9 to channel 'messages' cannot be read"),
                e.getMessage());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
