package dev.switchboard.tests.persistence.deltas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.langchain4j.AddMessages;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reducer channels stored as deltas read back exactly (issue 23, A1): a conversation of
 * LangChain4j messages under {@code add_messages} and notes under a reducer of the test's own
 * (append, replace by id, remove), through appends, replaces, removals, REMOVE_ALL, an Overwrite,
 * updateState, a fork and a subgraph, on every saver. Every checkpoint of the history, in every
 * namespace, read by a new saver on the stored data, equals the value the run streamed for it (or,
 * for updateState's, the reducers applied to its parent's). And the channels really are stored as
 * deltas on periodic snapshots.
 */
class DeltaReplayTest {
    private static final RunConfig THREAD = RunConfig.thread("t");

    @TempDir
    Path dir;

    /** Each checkpoint's values as the run had them, by checkpoint id (ids are unique across namespaces). */
    private final Map<String, Talk> live = new HashMap<>();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"memory", "sqlite", "encrypted", "postgres"})
    void everyCheckpointReadsBackAsTheRunHadIt(String kind) throws Exception {
        try (Stores stores = Stores.of(kind, dir)) {
            TalkerGraph graph = graph(stores.open());
            converse(graph);
            TalkerGraph reader = graph(stores.open());
            CheckpointSaver saver = stores.open();
            int read = 0;
            for (String ns : saver.namespaces("t")) {
                for (CheckpointTuple tuple : saver.list("t", ns, ListOptions.ALL)) {
                    String id = tuple.checkpoint().id();
                    Talk expected = live.get(id);
                    assertTrue(
                            expected != null, kind + ": no value recorded for checkpoint " + id + " in '" + ns + "'");
                    Talk actual = readBack(reader, ns, id);
                    String where = kind + ": checkpoint " + id + " in '" + ns + "'";
                    assertEquals(summary(expected), summary(actual), where);
                    assertEquals(expected, actual, where);
                    read++;
                }
            }
            assertEquals(live.size(), read, kind + ": every checkpoint the runs made is stored");
            assertStoredAsDeltas(kind, saver);
        }
    }

    private static TalkerGraph graph(CheckpointSaver saver) {
        return TalkerGraph.builder(new Talker()).checkpointer(saver).build();
    }

    private void converse(TalkerGraph g) {
        run(g, say("hello"), THREAD);
        run(g, say("how are you"), THREAD);
        String afterTwo = head(g);
        List<Message> now = g.getState(THREAD).values().messages();
        // Replace the first message in place, then remove the second.
        run(
                g,
                TalkUpdate.of().messages(List.of(Message.of(now.get(0).id(), UserMessage.from("hello, edited")))),
                THREAD);
        run(g, TalkUpdate.of().messages(List.of(Message.remove(now.get(1).id()))), THREAD);
        update(
                g,
                THREAD,
                List.of(Message.of("injected-1", AiMessage.from("injected"))),
                List.of(new Note("note-injected", "injected", false)));
        run(g, TalkUpdate.of().messages(List.of(Message.removeAll(), Message.system("summary so far"))), THREAD);
        // An Overwrite stores messages without ids; the next write derives theirs.
        run(g, TalkUpdate.of().overwriteMessages(List.of(Message.user("only this"))), THREAD);
        run(g, say("after the overwrite"), THREAD);
        // A fork from the second turn, continued.
        RunConfig fork = THREAD.withCheckpointId(afterTwo);
        update(
                g,
                fork,
                List.of(Message.of("fork-1", UserMessage.from("forked"))),
                List.of(Note.removal(g.getState(fork).values().notes().get(0).id())));
        for (int i = 0; i < 25; i++) {
            run(
                    g,
                    say("turn " + i + " of a conversation long enough for the deltas to outgrow their snapshot"),
                    THREAD);
        }
    }

    private static TalkUpdate say(String text) {
        return TalkUpdate.of().messages(List.of(Message.user(text)));
    }

    private static String head(TalkerGraph g) {
        return g.getState(THREAD).checkpointId().orElseThrow();
    }

    /** Runs, recording each checkpoint's streamed values, the subgraph's included. */
    private void run(TalkerGraph g, TalkUpdate input, RunConfig config) {
        try (var parts = g.stream(input, config.withSubgraphStreaming(), StreamMode.CHECKPOINTS)) {
            parts.forEach(this::record);
        }
    }

    private void record(StreamPart<?> part) {
        if (part instanceof StreamPart.Namespaced<?> n) {
            record(n.part());
        } else if (part instanceof StreamPart.Checkpoint<?> c) {
            live.put(c.checkpointId(), (Talk) c.state());
        }
    }

    /** updateState as {@code reply}; the value it stores is its parent's with the reducers applied. */
    private void update(TalkerGraph g, RunConfig at, List<Message> messages, List<Note> notes) {
        Talk parent = live.get(g.getState(at).checkpointId().orElseThrow());
        RunConfig stored = g.updateState(at, TalkUpdate.of().messages(messages).notes(notes), "reply");
        live.put(
                stored.checkpointId().orElseThrow(),
                new Talk(
                        new AddMessages().reduce(parent.messages(), messages),
                        new Notes().reduce(parent.notes(), notes)));
    }

    /** Ids and texts, to show a difference in a line or two. */
    private static List<String> summary(Talk t) {
        List<String> out = new ArrayList<>();
        t.messages().forEach(m -> out.add(m.id() + "=" + Echo.text(m)));
        t.notes().forEach(n -> out.add(n.id() + "=" + n.text()));
        return out;
    }

    private static Talk readBack(TalkerGraph g, String ns, String id) {
        RunConfig at = THREAD.withCheckpointId(id);
        return ns.isEmpty()
                ? g.getState(at).values()
                : (Talk) g.getSubgraphState(at.withCheckpointNamespace(ns)).values();
    }

    /** Both channels have deltas, and the messages more than one snapshot: a chain is bounded. */
    private static void assertStoredAsDeltas(String kind, CheckpointSaver saver) {
        Map<String, Set<String>> kinds = new LinkedHashMap<>();
        Map<String, Set<String>> snapshots = new HashMap<>();
        for (CheckpointTuple tuple : saver.list("t", "", ListOptions.ALL)) {
            for (Blob b : tuple.blobs()) {
                kinds.computeIfAbsent(b.channel(), k -> new HashSet<>())
                        .add(b.kind().name());
                if (b.kind() == Blob.Kind.SNAPSHOT) {
                    snapshots.computeIfAbsent(b.channel(), k -> new HashSet<>()).add(b.version());
                }
            }
        }
        assertTrue(kinds.get("messages").contains("DELTA"), kind + ": " + kinds);
        assertTrue(kinds.get("notes").contains("DELTA"), kind + ": " + kinds);
        assertTrue(snapshots.get("messages").size() >= 3, kind + ": snapshots " + snapshots.get("messages"));
    }
}
