package dev.switchboard.tests.persistence.deltas;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.langchain4j.AddMessages;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import dev.switchboard.runtime.reducer.ReduceFunction;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code add_messages} as the previous version had it: ids drawn in the reducer, so the channel was
 * stored whole at every checkpoint.
 */
final class WholeMessages implements ReduceFunction<List<Message>> {
    private final AddMessages current = new AddMessages();

    public WholeMessages() {}

    @Override
    public List<Message> reduce(List<Message> left, List<Message> right) {
        return current.reduce(left, right);
    }

    @Override
    public List<Message> empty() {
        return List.of();
    }
}

/** The conversation as the previous version stored it. */
record OldChat(@Reducer(WholeMessages.class) List<Message> messages) {}

/** The same conversation now. */
record NewChat(@Reducer(AddMessages.class) List<Message> messages) {}

/** Answers each message, in the previous version. */
@Graph(state = OldChat.class)
class OldReplier {
    @Node
    @Edge(from = START)
    OldChatUpdate reply(OldChat c) {
        return OldChatUpdate.of()
                .messages(List.of(Message.ai("reply " + c.messages().size())));
    }
}

/** The same node now. */
@Graph(state = NewChat.class)
class NewReplier {
    @Node
    @Edge(from = START)
    NewChatUpdate reply(NewChat c) {
        return NewChatUpdate.of()
                .messages(List.of(Message.ai("reply " + c.messages().size())));
    }
}

/**
 * A thread stored by the previous version, where messages were stored whole at every checkpoint,
 * continued by this one: the new checkpoints store deltas on the old snapshots, and every
 * checkpoint, old and new, reads back as the runs had it.
 */
class UpgradeToDeltasTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"memory", "sqlite", "encrypted"})
    void aThreadOfWholeSnapshotsContinuesWithDeltas(String kind) throws Exception {
        Map<String, List<Message>> live = new HashMap<>();
        RunConfig thread = RunConfig.thread("t");
        try (Stores stores = Stores.of(kind, dir)) {
            OldReplierGraph old = OldReplierGraph.builder(new OldReplier())
                    .checkpointer(stores.open())
                    .build();
            for (int i = 0; i < 10; i++) {
                try (var parts = old.stream(
                        OldChatUpdate.of().messages(List.of(Message.user("old turn " + i))),
                        thread,
                        StreamMode.CHECKPOINTS)) {
                    parts.forEach(p -> live.put(
                            ((StreamPart.Checkpoint<?>) p).checkpointId(),
                            ((OldChat) ((StreamPart.Checkpoint<?>) p).state()).messages()));
                }
            }
            NewReplierGraph upgraded = NewReplierGraph.builder(new NewReplier())
                    .checkpointer(stores.open())
                    .build();
            for (int i = 0; i < 10; i++) {
                try (var parts = upgraded.stream(
                        NewChatUpdate.of().messages(List.of(Message.user("new turn " + i))),
                        thread,
                        StreamMode.CHECKPOINTS)) {
                    parts.forEach(p -> live.put(
                            ((StreamPart.Checkpoint<?>) p).checkpointId(),
                            ((NewChat) ((StreamPart.Checkpoint<?>) p).state()).messages()));
                }
            }

            CheckpointSaver saver = stores.open();
            NewReplierGraph reader = NewReplierGraph.builder(new NewReplier())
                    .checkpointer(saver)
                    .build();
            List<CheckpointTuple> history = saver.list("t", "", ListOptions.ALL);
            assertEquals(live.size(), history.size());
            for (CheckpointTuple t : history) {
                String id = t.checkpoint().id();
                assertEquals(
                        live.get(id),
                        reader.getState(thread.withCheckpointId(id)).values().messages(),
                        kind + ": checkpoint " + id);
            }
            assertEquals(40, reader.getState(thread).values().messages().size());
            long deltas = history.stream()
                    .flatMap(t -> t.blobs().stream())
                    .filter(b -> b.channel().equals("messages") && b.kind() == Blob.Kind.DELTA)
                    .map(Blob::version)
                    .distinct()
                    .count();
            assertTrue(deltas >= 15, kind + ": the upgraded runs store deltas, " + deltas);
        }
    }
}
