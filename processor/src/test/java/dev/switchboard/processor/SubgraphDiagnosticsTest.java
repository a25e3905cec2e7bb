package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.assertWarning;
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

    /** The inner graph, telling the parent only its note: its messages are not written back. */
    private static final JavaFileObject INNER_NOTE = record("InnerNote", "public record InnerNote(String note) {}");

    private static final JavaFileObject INNER_WITH_OUTPUT = graph("InnerNodes", """
            @Graph(output = InnerNote.class)
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
        Compilation c = compile(CHAT, INNER_STATE, INNER_NOTE, INNER_WITH_OUTPUT, g);
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

    @Test
    void aSubgraphGivingBackAnAppendedChannelWarnsOnItsNode() {
        JavaFileObject g = parent("""
                @Node
                @Edge(from = "classify")
                InnerNodesGraph inner() { return null; }
                """);
        Compilation c = compile(CHAT, INNER_STATE, INNER, g);
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertWarning(
                c,
                Message.SUBGRAPH_REAPPEND.format(
                        "inner",
                        "InnerNodesGraph",
                        "messages",
                        "Chat",
                        "Chat",
                        "Append",
                        "InnerNodes",
                        "messages",
                        "switchboard:subgraph-reappend",
                        "inner"),
                g,
                "InnerNodesGraph inner()");
    }

    @Test
    void onlyReducersThatCountTheParentsValueTwiceWarn() {
        JavaFileObject tally = record("Tally", """
                import dev.switchboard.runtime.reducer.Max;
                import dev.switchboard.runtime.reducer.MergeMap;
                import dev.switchboard.runtime.reducer.Min;
                import dev.switchboard.runtime.reducer.Union;
                import java.util.Map;
                import java.util.Set;

                public record Tally(
                        @Reducer(Sum.class) int count,
                        @Reducer(Max.class) int best,
                        @Reducer(Min.class) int worst,
                        @Reducer(Union.class) Set<String> tags,
                        @Reducer(MergeMap.class) Map<String, String> meta,
                        String label) {}
                """);
        JavaFileObject counter = graph("Counter", """
                class Counter {
                    @Node
                    @Edge(from = START)
                    TallyUpdate add(Tally s) { return TallyUpdate.of().count(1); }
                }
                """);
        JavaFileObject g = graph("Outer", """
                class Outer {
                    @Node
                    @Edge(from = START)
                    TallyUpdate first(Tally s) { return TallyUpdate.of(); }

                    @Node
                    @Edge(from = "first")
                    CounterGraph counter() { return null; }
                }
                """);
        Compilation c = compile(tally, counter, g);
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertWarning(
                c,
                Message.SUBGRAPH_REAPPEND.format(
                        "counter",
                        "CounterGraph",
                        "count",
                        "Tally",
                        "Tally",
                        "Sum",
                        "Counter",
                        "count",
                        "switchboard:subgraph-reappend",
                        "counter"),
                g,
                "CounterGraph counter()");
    }

    @Test
    void aSubgraphThatDoesNotReadTheChannelDoesNotWarn() {
        JavaFileObject innerInput = graph("InnerNodes", """
                @Graph(input = InnerNote.class)
                class InnerNodes {
                    @Node
                    @Edge(from = START)
                    InnerUpdate work(Inner s) { return InnerUpdate.of().messages(List.of("inner")); }
                }
                """);
        JavaFileObject g = parent("""
                @Node
                @Edge(from = "classify")
                InnerNodesGraph inner() { return null; }
                """);
        assertThat(compile(CHAT, INNER_STATE, INNER_NOTE, innerInput, g)).succeededWithoutWarnings();
    }

    @Test
    void theWarningCanBeAcknowledgedOnTheNodeOrItsClass() {
        JavaFileObject onNode = parent("""
                @SuppressWarnings("switchboard:subgraph-reappend") // LangGraph's re-append is wanted here
                @Node
                @Edge(from = "classify")
                InnerNodesGraph inner() { return null; }
                """);
        assertThat(compile(CHAT, INNER_STATE, INNER, onNode)).succeededWithoutWarnings();
        JavaFileObject onClass = graph("Outer", """
                @SuppressWarnings({"unused", "switchboard:subgraph-reappend"})
                class Outer {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    InnerNodesGraph inner() { return null; }
                }
                """);
        assertThat(compile(CHAT, INNER_STATE, INNER, onClass)).succeededWithoutWarnings();
    }
}
