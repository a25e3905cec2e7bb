package dev.switchboard.tests.subgraphs;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A document the editor subgraph drafts and the parent publishes. */
record Doc(String text, @Reducer(Append.class) List<String> steps) {}

/** What the editor gives back: the text only. */
record TextOnly(String text) {}

/** Drafts, then asks for approval before finishing the text. */
@Graph(output = TextOnly.class)
class Editor {
    @Node
    @Edge(from = START)
    DocUpdate write(Doc d) {
        return DocUpdate.of().text("draft").steps(List.of("write"));
    }

    @Node
    @Edge(from = "write")
    DocUpdate review(Doc d, NodeContext ctx) {
        String answer = ctx.interrupt("approve " + d.text() + "?", String.class);
        return DocUpdate.of().text(d.text() + " / " + answer).steps(List.of("review"));
    }
}

@Graph(state = Doc.class)
class Publisher {
    private final EditorGraph editor = EditorGraph.builder(new Editor()).build();

    @Node
    @Edge(from = START)
    EditorGraph edit() {
        return editor;
    }

    @Node
    @Edge(from = "edit")
    DocUpdate publish(Doc d) {
        return DocUpdate.of().steps(List.of("published " + d.text()));
    }
}

/**
 * Time travel into a subgraph checkpoint, as LangGraph's {@code get_state}/{@code update_state}
 * with a subgraph's {@code checkpoint_ns}: a subgraph snapshot's config addresses its namespace,
 * reads and updates land there, older checkpoints of it stay readable, and the resumed parent
 * continues the subgraph from the updated state.
 */
class SubgraphTimeTravelTest {
    @Test
    void readUpdateAndResumeASubgraphAtItsCheckpoint() {
        PublisherGraph graph = PublisherGraph.builder(new Publisher())
                .checkpointer(new MemorySaver())
                .build();
        RunConfig thread = RunConfig.thread("doc-1");
        GraphOutput<Doc> paused = graph.invoke(DocUpdate.of(), thread);
        assertEquals(1, paused.interrupts().size());

        StateSnapshot<?> sub = graph.getState(thread, true).tasks().get(0).state();
        RunConfig subConfig = sub.config();
        assertTrue(subConfig.checkpointNamespace().startsWith("edit:"), subConfig.checkpointNamespace());
        assertEquals(
                new Doc("draft", List.of("write")),
                graph.getSubgraphState(subConfig).values());

        RunConfig forked = graph.updateState(subConfig, DocUpdate.of().text("edited"), "write");

        assertEquals(subConfig.checkpointNamespace(), forked.checkpointNamespace());
        assertNotEquals(subConfig.checkpointId(), forked.checkpointId());
        StateSnapshot<?> edited = graph.getSubgraphState(forked);
        assertEquals(new Doc("edited", List.of("write")), edited.values());
        assertEquals(List.of("review"), edited.next());
        assertEquals(subConfig.checkpointId().orElseThrow(), edited.parentCheckpointId());
        // The older subgraph checkpoint is still there to travel back to.
        assertEquals(
                new Doc("draft", List.of("write")),
                graph.getSubgraphState(subConfig).values());
        // The parent's own namespace is untouched by the subgraph update.
        assertEquals(List.of("edit"), graph.getState(thread).next());

        // The resumed parent continues the subgraph from the edited checkpoint: review runs anew on
        // it (a new task of a new checkpoint, so the earlier answer does not apply) and asks again.
        GraphOutput<Doc> again = graph.invoke(Command.resume("ignored"), thread);
        assertEquals(
                List.of("approve edited?"),
                again.interrupts().stream().map(i -> i.value()).toList());
        GraphOutput<Doc> done = graph.invoke(Command.resume("yes"), thread);

        assertEquals(new Doc("edited / yes", List.of("published edited / yes")), done.value());
    }

    @Test
    void aNamespaceThatNamesNoSubgraphNodeIsRejected() {
        PublisherGraph graph = PublisherGraph.builder(new Publisher())
                .checkpointer(new MemorySaver())
                .build();
        graph.invoke(DocUpdate.of(), RunConfig.thread("doc-2"));
        RunConfig wrong = RunConfig.thread("doc-2").withCheckpointNamespace("publish:abc");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> graph.getSubgraphState(wrong));

        assertEquals(
                "namespace 'publish:abc': graph 'Publisher' has no subgraph node for 'publish:abc'; use the config"
                        + " of a subgraph snapshot (getState(config, true).tasks().get(i).state().config())",
                e.getMessage());
        IllegalArgumentException typed = assertThrows(IllegalArgumentException.class, () -> graph.getState(wrong));
        assertTrue(typed.getMessage().contains("getSubgraphState"), typed.getMessage());
    }
}
