package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Diagnostics of subgraph nodes: node methods that return a compiled graph, which the parent runs
 * reading and writing the channels the two states share by name.
 */
class SubgraphDiagnosticsTest {
    private static final JavaFileObject INNER_STATE =
            record("Inner", "public record Inner(@Reducer(Append.class) List<String> messages, String note) {}");
    private static final JavaFileObject INNER = graph("InnerNodes", """
            class InnerNodes {
                @Node
                @Edge(from = START)
                InnerUpdate work(Inner s) { return InnerUpdate.of().note("done"); }
            }
            """);

    private static JavaFileObject parent(String subgraphNode) {
        return graph("Outer", """
                class Outer {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                %s
                }
                """.formatted(subgraphNode.indent(4)));
    }

    @Test
    void aSubgraphNodeSharingChannelsCompilesCleanly() {
        JavaFileObject g = parent("""
                @Node
                @Edge(from = "classify")
                InnerNodesGraph inner() { return null; }
                """);
        Compilation c = compile(CHAT, INNER_STATE, INNER, g);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .generatedSourceFile("test.OuterGraph")
                .contentsAsUtf8String()
                .contains(".subgraph(\"inner\")");
    }

    @Test
    void aSubgraphNodeTakesNoInput() {
        JavaFileObject g = parent("""
                @Node
                @Edge(from = "classify")
                InnerNodesGraph inner(Chat s) { return null; }
                """);
        Compilation c = compile(CHAT, INNER_STATE, INNER, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c, Message.SUBGRAPH_PARAMETERS.format("inner", "s", "test.Chat"), g, "InnerNodesGraph inner(Chat s)");
    }

    @Test
    void aSubgraphMustShareChannels() {
        JavaFileObject other = record("Other", "public record Other(String unrelated) {}");
        JavaFileObject otherGraph = graph("OtherNodes", """
                class OtherNodes {
                    @Node
                    @Edge(from = START)
                    OtherUpdate work(Other s) { return OtherUpdate.of(); }
                }
                """);
        JavaFileObject g = parent("""
                @Node // the subgraph node
                @Edge(from = "classify")
                OtherNodesGraph other() { return null; }
                """);
        Compilation c = compile(CHAT, other, otherGraph, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c, Message.SUBGRAPH_NO_SHARED_KEYS.format("other", "Other", "Chat"), g, "@Node // the subgraph node");
    }

    @Test
    void sharedChannelsMustHaveOneType() {
        JavaFileObject typed = record("Typed", "public record Typed(Integer topic) {}");
        JavaFileObject typedGraph = graph("TypedNodes", """
                class TypedNodes {
                    @Node
                    @Edge(from = START)
                    TypedUpdate work(Typed s) { return TypedUpdate.of(); }
                }
                """);
        JavaFileObject g = parent("""
                @Node // the subgraph node
                @Edge(from = "classify")
                TypedNodesGraph typed() { return null; }
                """);
        Compilation c = compile(CHAT, typed, typedGraph, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.SUBGRAPH_KEY_TYPE_MISMATCH.format("typed", "topic", "Integer", "String", "Chat"),
                g,
                "@Node // the subgraph node");
    }
}
