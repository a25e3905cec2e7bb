package dev.switchboard.tests.persistence.deltas;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.ForwardingCheckpointSaver;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Two parallel nodes: {@code answer} writes a message, {@code check} fails until allowed. */
@Graph(state = Talk.class)
class Flaky {
    final AtomicBoolean fail = new AtomicBoolean(true);

    @Node
    @Edge(from = START)
    TalkUpdate answer(Talk t) {
        return TalkUpdate.of().messages(List.of(Message.ai("an answer")));
    }

    @Node
    @Edge(from = START)
    TalkUpdate check(Talk t) {
        if (fail.get()) {
            throw new IllegalStateException("not yet");
        }
        return TalkUpdate.of().notes(List.of(Note.of("checked")));
    }
}

/** Stores message writes as a version that drew ids in the reducer did: without their ids. */
final class IdlessWrites extends ForwardingCheckpointSaver {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    IdlessWrites(CheckpointSaver inner) {
        super(inner);
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        List<PendingWrite> old = new ArrayList<>();
        for (PendingWrite w : writes) {
            if (w.channel().equals("messages")) {
                JsonNode array = JSON.readTree(w.value());
                array.forEach(m -> ((ObjectNode) m).remove("id"));
                w = new PendingWrite(w.taskId(), w.index(), w.channel(), JSON.writeValueAsBytes(array));
            }
            old.add(w);
        }
        super.putWrites(threadId, namespace, checkpointId, old);
    }
}

/**
 * A thread stored by a version whose {@code add_messages} drew ids in the reducer may hold a
 * finished task's message writes without ids. Resumed, they are completed as the step applies them,
 * so the delta it stores replays to the ids the run has, every time the checkpoint is read.
 */
class LegacyPendingWritesTest {
    @Test
    void writesStoredWithoutIdsAreCompletedWhenAResumeReusesThem() {
        Flaky nodes = new Flaky();
        FlakyGraph graph = FlakyGraph.builder(nodes)
                .checkpointer(new IdlessWrites(new MemorySaver()))
                .build();
        RunConfig thread = RunConfig.thread("t");
        assertThrows(
                NodeException.class,
                () -> graph.invoke(TalkUpdate.of().messages(List.of(Message.user("a question"))), thread));
        nodes.fail.set(false);

        List<Talk> live = new ArrayList<>();
        try (var parts = graph.streamResume(thread, StreamMode.CHECKPOINTS)) {
            parts.forEach(p -> live.add((Talk) ((StreamPart.Checkpoint<?>) p).state()));
        }
        Talk last = live.get(live.size() - 1);
        assertEquals(2, last.messages().size());
        assertTrue(last.messages().get(1).id() != null);
        assertEquals(last, graph.getState(thread).values());
        assertEquals(last, graph.getState(thread).values(), "the same ids on every read");
    }
}
