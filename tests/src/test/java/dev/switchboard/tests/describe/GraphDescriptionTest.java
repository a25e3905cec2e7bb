package dev.switchboard.tests.describe;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import org.junit.jupiter.api.Test;

/**
 * A graph's description, which servers show as the assistant's, MCP tool's and A2A agent's: {@code
 * @Graph(description)}, else the first paragraph of the class's javadoc (inline tags as their text),
 * else empty.
 */
class GraphDescriptionTest {
    record Note(String text) {}

    @Graph(description = "Writes a note.")
    static class Given {
        @Node
        @Edge(from = START)
        GraphDescriptionTest_NoteUpdate write(Note n) {
            return GraphDescriptionTest_NoteUpdate.of().text("x");
        }
    }

    /**
     * Answers a {@code Note} with <em>another</em>, see {@link Given the given one}.
     *
     * <p>This second paragraph is left out.
     *
     * @see Given
     */
    static class Documented {
        @Node
        @Edge(from = START)
        GraphDescriptionTest_NoteUpdate write(Note n) {
            return GraphDescriptionTest_NoteUpdate.of().text("y");
        }
    }

    static class Silent {
        @Node
        @Edge(from = START)
        GraphDescriptionTest_NoteUpdate write(Note n) {
            return GraphDescriptionTest_NoteUpdate.of().text("z");
        }
    }

    @Test
    void theAnnotationWinsThenTheJavadocsFirstParagraph() {
        assertEquals(
                "Writes a note.",
                GraphDescriptionTest_GivenGraph.builder(new Given()).build().description());
        assertEquals(
                "Answers a Note with another, see the given one.",
                GraphDescriptionTest_DocumentedGraph.builder(new Documented())
                        .build()
                        .description());
        assertEquals("", GraphDescriptionTest_SilentGraph.DESCRIPTION);
    }
}
