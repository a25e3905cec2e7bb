package dev.switchboard.tests.state;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.HistoryEntry;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.Send;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

record Chat(@Reducer(Append.class) List<String> messages, String topic) {}

/** speak and echo take turns: speak sends echo a word until the chat is long enough. */
class Talker {
    @Node
    @Edge(from = START)
    @Edge(from = "echo")
    ChatUpdate speak(Chat s) {
        return ChatUpdate.of()
                .messages(List.of("said " + s.messages().size()))
                .topic("t" + s.messages().size());
    }

    @Route(from = "speak", to = "echo")
    List<Send<String>> again(Chat s) {
        return s.messages().size() > 6
                ? List.of()
                : List.of(Send.to("echo", "e" + s.messages().size()));
    }

    @Node
    ChatUpdate echo(String word) {
        return ChatUpdate.of().messages(List.of(word));
    }
}

/** Hands out the stored checkpoints with every {@code messages} value replaced by bytes that are not JSON. */
final class CorruptMessages extends ForwardingCheckpointSaver {
    final AtomicInteger corrupted = new AtomicInteger();

    CorruptMessages(CheckpointSaver store) {
        super(store);
    }

    private CheckpointTuple corrupt(CheckpointTuple t) {
        List<Blob> blobs = t.blobs().stream()
                .map(b -> b.channel().equals("messages") && b.data().length > 0
                        ? new Blob(b.channel(), b.version(), b.base(), b.previous(), b.kind(), garbage())
                        : b)
                .toList();
        return new CheckpointTuple(
                t.threadId(), t.namespace(), t.checkpoint(), t.metadata(), t.parentId(), blobs, t.pendingWrites());
    }

    private byte[] garbage() {
        corrupted.incrementAndGet();
        return "{not json".getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId) {
        return delegate().getTuple(threadId, namespace, checkpointId).map(this::corrupt);
    }

    @Override
    public List<CheckpointTuple> list(String threadId, String namespace, ListOptions options) {
        return delegate().list(threadId, namespace, options).stream()
                .map(this::corrupt)
                .toList();
    }
}

/** listStateHistory reads ids, metadata and next nodes without decoding states; states decode on access. */
class LazyHistoryTest {
    private final MemorySaver store = new MemorySaver();
    private final TalkerGraph graph =
            TalkerGraph.builder(new Talker()).checkpointer(store).build();
    private final RunConfig thread = RunConfig.thread("talk");

    LazyHistoryTest() {
        graph.invoke(ChatUpdate.of().messages(List.of("hi")), thread);
    }

    /** RunConfig has identity equality: compare what it points at. */
    private static void assertSameSnapshot(StateSnapshot<Chat> expected, StateSnapshot<Chat> actual) {
        assertEquals(expected.config().threadId(), actual.config().threadId());
        assertEquals(expected.checkpointId(), actual.checkpointId());
        assertEquals(expected.values(), actual.values());
        assertEquals(expected.channels(), actual.channels());
        assertEquals(expected.next(), actual.next());
        assertEquals(expected.parentCheckpointId(), actual.parentCheckpointId());
        assertEquals(expected.metadata(), actual.metadata());
        assertEquals(expected.createdAt(), actual.createdAt());
        assertEquals(expected.tasks(), actual.tasks());
    }

    @Test
    void theListingMatchesTheEagerHistory() {
        List<StateSnapshot<Chat>> eager = graph.getStateHistory(thread);
        List<HistoryEntry<Chat>> lazy = graph.listStateHistory(thread);
        assertEquals(eager.size(), lazy.size());
        assertTrue(eager.stream().anyMatch(s -> s.next().contains("echo")), "a Send shows in next");
        for (int i = 0; i < eager.size(); i++) {
            StateSnapshot<Chat> s = eager.get(i);
            HistoryEntry<Chat> e = lazy.get(i);
            assertEquals(s.config().threadId(), e.config().threadId());
            assertEquals(s.checkpointId().orElseThrow(), e.checkpointId());
            assertEquals(Optional.ofNullable(s.parentCheckpointId()), e.parentCheckpointId());
            assertEquals(s.metadata(), e.metadata());
            assertEquals(s.metadata().step(), e.step());
            assertEquals(s.createdAt(), e.createdAt());
            assertEquals(s.next(), e.next());
            assertSameSnapshot(s, e.snapshot());
            assertEquals(s.values(), e.values());
        }
    }

    @Test
    void optionsApplyToTheListing() {
        List<StateSnapshot<Chat>> eager = graph.getStateHistory(thread, ListOptions.ALL.withLimit(2));
        List<HistoryEntry<Chat>> lazy = graph.listStateHistory(thread, ListOptions.ALL.withLimit(2));
        assertEquals(
                eager.stream().map(s -> s.checkpointId().orElseThrow()).toList(),
                lazy.stream().map(HistoryEntry::checkpointId).toList());
    }

    @Test
    void theListingNeverDecodesAState() {
        CorruptMessages corrupt = new CorruptMessages(store);
        TalkerGraph reader =
                TalkerGraph.builder(new Talker()).checkpointer(corrupt).build();
        assertThrows(SerdeException.class, () -> reader.getStateHistory(thread));

        List<HistoryEntry<Chat>> lazy = reader.listStateHistory(thread);
        assertTrue(corrupt.corrupted.get() > 0, "the store handed out corrupt values");
        assertEquals(
                graph.getStateHistory(thread).stream().map(StateSnapshot::next).toList(),
                lazy.stream().map(HistoryEntry::next).toList());
        HistoryEntry<Chat> newest = lazy.get(0);
        assertThrows(SerdeException.class, newest::values);
    }

    @Test
    void aSnapshotIsDecodedOnceAndKept() {
        HistoryEntry<Chat> newest = graph.listStateHistory(thread).get(0);
        assertTrue(newest.snapshot() == newest.snapshot());
        assertSameSnapshot(graph.getState(thread), newest.snapshot());
    }
}
