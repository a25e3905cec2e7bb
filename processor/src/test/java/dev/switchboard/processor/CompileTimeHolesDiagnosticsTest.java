package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.generated;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Mistakes that used to compile and then misbehave: destinations a node can never go to, a join
 * listing one node twice, two sources whose generated names clash, and graphs that run each other
 * as subgraphs. Each is an error on the offending element; each has a twin that compiles cleanly.
 */
class CompileTimeHolesDiagnosticsTest {
    @Test
    void destinationsOnANodeThatReturnsNoCommand() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node(destinations = {"billing", END})
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.DESTINATIONS_WITHOUT_COMMAND.format("classify", "test.ChatUpdate", "classify"),
                g,
                "@Node(destinations",
                "{");
    }

    @Test
    void destinationsOnAVoidNodeWhoseHandlerReturnsNoCommand() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node(destinations = "billing")
                    @Edge(from = START)
                    void classify(Chat s) {}

                    @dev.switchboard.annotation.OnError("classify")
                    ChatUpdate failed(Chat s, Exception e) { return ChatUpdate.of(); }

                    @Node
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.DESTINATIONS_WITHOUT_COMMAND.format("classify", "void", "classify"),
                g,
                "@Node(destinations",
                "\"billing\"");
    }

    @Test
    void destinationsOfACommandNodeOrOfANodeWhoseHandlerReturnsOneCompileCleanly() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node(destinations = {"billing", END})
                    @Edge(from = START)
                    Command<ChatUpdate> classify(Chat s) { return Command.goTo("billing"); }

                    @Node(destinations = "general")
                    ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                    @dev.switchboard.annotation.OnError("billing")
                    Command<ChatUpdate> billingFailed(Chat s, Exception e) { return Command.goTo("general"); }

                    @Node
                    java.util.concurrent.CompletableFuture<Command<ChatUpdate>> general(Chat s) { return null; }
                }
                """);
        assertThat(compile(CHAT, g)).succeededWithoutWarnings();
    }

    @Test
    void aJoinListingANodeTwice() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node @Edge(from = START) ChatUpdate research(Chat s) { return ChatUpdate.of(); }

                    @Node @Edge(from = START) ChatUpdate draft(Chat s) { return ChatUpdate.of(); }

                    @Node @Edge(from = START) ChatUpdate review(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Join({
                        "research",
                        "research"})
                    ChatUpdate publish(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.JOIN_DUPLICATE.format("publish", "research", "draft, review"),
                g,
                "\"research\"})",
                "\"research\"");
    }

    @Test
    void aJoinListingEachNodeOnceCompilesCleanly() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node @Edge(from = START) ChatUpdate research(Chat s) { return ChatUpdate.of(); }

                    @Node @Edge(from = START) ChatUpdate draft(Chat s) { return ChatUpdate.of(); }

                    @Node @Join({"research", "draft"}) ChatUpdate publish(Chat s) { return ChatUpdate.of(); }
                }
                """);
        assertThat(compile(CHAT, g)).succeededWithoutWarnings();
    }

    private static final String NODE_BODY = """
                @Node
                @Edge(from = START)
                ChatUpdate work(Chat s) { return ChatUpdate.of(); }
            """;

    @Test
    void aNestedAndATopLevelGraphThatFlattenToOneName() {
        JavaFileObject outer = graph("Outer", """
                class Outer {
                    static class G { // the nested graph
                %s    }
                }
                """.formatted(NODE_BODY.indent(4)));
        JavaFileObject flat = graph("Outer_G", """
                class Outer_G { // the top-level graph
                %s}
                """.formatted(NODE_BODY));
        Compilation c = compile(CHAT, outer, flat);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(
                c,
                Message.GRAPH_NAME_CLASH.format("test.Outer_G", "test.Outer.G", "test.Outer_GGraph"),
                flat,
                "// the top-level graph");
        assertError(
                c,
                Message.GRAPH_NAME_CLASH.format("test.Outer.G", "test.Outer_G", "test.Outer_GGraph"),
                outer,
                "// the nested graph");
    }

    @Test
    void aGraphNameGivesTheGeneratedClassItsName() {
        JavaFileObject outer = graph("Outer", """
                class Outer {
                    @Graph(name = "Nested")
                    static class G {
                %s    }
                }
                """.formatted(NODE_BODY.indent(4)));
        JavaFileObject flat = graph("Outer_G", """
                class Outer_G {
                %s}
                """.formatted(NODE_BODY));
        Compilation c = compile(CHAT, outer, flat);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.NestedGraph");
        assertThat(c).generatedSourceFile("test.Outer_GGraph");
    }

    @Test
    void aNestedAndATopLevelRecordThatFlattenToOneName() {
        JavaFileObject outer = record("Outer", """
                public class Outer {
                    public record Chat(@Reducer(Append.class) List<String> messages) {} // nested
                }
                """);
        JavaFileObject flat =
                record("Outer_Chat", "public record Outer_Chat(@Reducer(Append.class) List<String> messages) {}");
        Compilation c = compile(outer, flat);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(
                c,
                Message.RECORD_NAME_CLASH.format("test.Outer.Chat", "test.Outer_Chat", "test.Outer_ChatUpdate"),
                outer,
                "// nested");
        assertError(
                c,
                Message.RECORD_NAME_CLASH.format("test.Outer_Chat", "test.Outer.Chat", "test.Outer_ChatUpdate"),
                flat,
                "public record Outer_Chat");
    }

    @Test
    void recordsThatFlattenToDistinctNamesCompileCleanly() {
        JavaFileObject outer = record("Outer", """
                public class Outer {
                    public record Chat(@Reducer(Append.class) List<String> messages) {}
                }
                """);
        JavaFileObject flat = record("OuterChat", "public record OuterChat(@Reducer(Append.class) List<String> m) {}");
        Compilation c = compile(outer, flat);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Outer_ChatUpdate");
        assertThat(c).generatedSourceFile("test.OuterChatUpdate");
    }

    /** A graph whose entry node runs the graph {@code runs} names as a subgraph. */
    private static JavaFileObject runs(String name, String runs) {
        return graph(name, """
                class %s {
                    @Node @Edge(from = START) ChatUpdate start(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "start")
                    %sGraph inner() { return null; } // %s runs %s
                }
                """.formatted(name, runs, name, runs));
    }

    @Test
    void twoGraphsThatRunEachOther() {
        JavaFileObject a = runs("A", "B");
        JavaFileObject b = runs("B", "A");
        Compilation c = compile(CHAT, a, b);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(3);
        assertError(c, Message.SUBGRAPH_CYCLE.format("inner", "B", "AGraph", "A -> B -> A"), b, "// B runs A");
        assertError(c, "cannot find symbol", a, "// A runs B");
        assertError(c, "cannot find symbol", b, "// B runs A");
    }

    @Test
    void threeGraphsInACycle() {
        JavaFileObject a = runs("A", "B");
        JavaFileObject b = runs("B", "C");
        JavaFileObject cc = runs("C", "A");
        Compilation c = compile(CHAT, a, b, cc);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(4);
        assertError(c, Message.SUBGRAPH_CYCLE.format("inner", "C", "AGraph", "A -> B -> C -> A"), cc, "// C runs A");
    }

    @Test
    void aGraphThatRunsItself() {
        JavaFileObject a = runs("A", "A");
        Compilation c = compile(CHAT, a);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(c, Message.SUBGRAPH_CYCLE.format("inner", "A", "AGraph", "A -> A"), a, "// A runs A");
    }

    @Test
    void aGraphWaitingForACycleIsLeftToTheCyclesError() {
        JavaFileObject top = runs("Top", "A");
        JavaFileObject a = runs("A", "B");
        JavaFileObject b = runs("B", "A");
        Compilation c = compile(CHAT, top, a, b);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(4);
        assertError(c, Message.SUBGRAPH_CYCLE.format("inner", "B", "AGraph", "A -> B -> A"), b, "// B runs A");
    }

    @Test
    void aChainOfSubgraphsCompilesCleanly() {
        JavaFileObject inner = graph("C", """
                class C {
                    @Node @Edge(from = START) ChatUpdate start(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = compile(CHAT, runs("A", "B"), runs("B", "C"), inner);
        // Each level shares the parent's appended messages, which SUBGRAPH_REAPPEND rightly warns about.
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(2);
        assertThat(c).generatedSourceFile("test.AGraph");
    }

    @Test
    void componentsWhoseGeneratedMembersWouldBeDeclaredTwice() {
        JavaFileObject chat = record("Chat", """
                public record Chat(
                        @Reducer(Append.class) List<String> messages,
                        List<String> overwriteMessages, // clashes with messages
                        String a,
                        int a$set, // clashes with a
                        Object equals) {}
                """);
        Compilation c = compile(chat);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(3);
        assertError(
                c,
                Message.UPDATE_MEMBER_CLASH.format(
                        "overwriteMessages",
                        "Chat",
                        "setter overwriteMessages(List<String>)",
                        "the overwrite setter of reducer component messages",
                        "ChatUpdate"),
                chat,
                "List<String> overwriteMessages");
        assertError(
                c,
                Message.UPDATE_MEMBER_CLASH.format(
                        "a$set", "Chat", "field a$set", "the set-flag of component a", "ChatUpdate"),
                chat,
                "int a$set");
        assertError(
                c,
                Message.UPDATE_MEMBER_CLASH.format(
                        "equals",
                        "Chat",
                        "setter equals(Object)",
                        "equals(Object), which every object has",
                        "ChatUpdate"),
                chat,
                "Object equals");
    }

    @Test
    void componentsNamedLikeGeneratedParametersAndMethodsCompileCleanly() {
        JavaFileObject chat = record("Chat", """
                public record Chat(
                        @Reducer(Append.class) List<String> sink,
                        String other,
                        @Reducer(Sum.class) int of,
                        String also,
                        String schema,
                        String writeTo,
                        String next,
                        String writes,
                        String values,
                        String read,
                        String components,
                        String recordType,
                        String SCHEMA,
                        String COMPONENTS,
                        String equals) {}
                """);
        Compilation c = compile(chat);
        assertThat(c).succeededWithoutWarnings();
        assertTrue(generated(c, "test.ChatUpdate").contains("sink.write(0, this.sink$overwrite"));
    }
}
