package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.PolicyGenerationTest.POLICY_IMPORTS;
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
 * One test per diagnostic of {@code @OnError} handlers: the node they name, one handler per node,
 * parameters, return type, and handlers where none can run. Error count, text from the catalogue,
 * line, and the column of the node name where one was written.
 */
class ErrorHandlerDiagnosticsTest {
    private static final String PARAMETERS_OF_FETCH = "its input, test.Chat, then ";

    /** A graph whose node fetch() is followed by {@code members}. */
    private static JavaFileObject support(String members) {
        return graph("Support", POLICY_IMPORTS + """

                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }

                %s
                }
                """.formatted(members.indent(4)));
    }

    private static Compilation failsWith(int errors, JavaFileObject... sources) {
        Compilation c = compile(sources);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(errors);
        return c;
    }

    @Test
    void unknownNodeSuggestsTheClosest() {
        JavaFileObject g = support("""
                @OnError("fetc")
                ChatUpdate recover(Chat s, Exception e) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.UNKNOWN_NODE.format(
                        "@OnError(\"fetc\") on recover()", "fetc", "fetch", "; did you mean \"fetch\"?"),
                g,
                "@OnError",
                "\"fetc\"");
    }

    @Test
    void oneHandlerPerNode() {
        JavaFileObject g = support("""
                @OnError("fetch")
                ChatUpdate recover(Chat s, Exception e) { return ChatUpdate.of(); }

                @OnError(value = "fetch") // the second
                ChatUpdate again(Chat s, Exception e) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.ON_ERROR_DUPLICATE.format("fetch", "again", "recover", "fetch"),
                g,
                "// the second",
                "\"fetch\"");
    }

    @Test
    void aHandlerIsNeitherANodeNorARoute() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "fetch")
                @OnError("fetch")
                ChatUpdate store(Chat s, Exception e) { return ChatUpdate.of(); }

                @Route(from = "fetch", to = END)
                @OnError("store")
                String next(Chat s) { return END; }
                """);
        // store() is also a node with a second parameter, which is reported as such.
        Compilation c = failsWith(3, CHAT, g);
        assertError(c, Message.ON_ERROR_NOT_SEPARATE.format("store", "Node"), g, "@OnError(\"fetch\")", "@OnError");
        assertError(c, Message.ON_ERROR_NOT_SEPARATE.format("next", "Route"), g, "@OnError(\"store\")", "@OnError");
        assertError(
                c,
                Message.NODE_EXTRA_PARAMETER.format("store", "e", "Exception"),
                g,
                "ChatUpdate store(Chat s, Exception e)");
    }

    @Test
    void aHandlerTakesTheNodesInput() {
        JavaFileObject note = record("Note", "public record Note(String text) {}");
        JavaFileObject g = support("""
                @OnError("fetch")
                ChatUpdate recover(Note s, IOException e) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, note, g);
        assertError(
                c,
                Message.ON_ERROR_PARAMETERS.format(
                        "recover",
                        "test.Note, java.io.IOException",
                        "fetch",
                        PARAMETERS_OF_FETCH,
                        "recover",
                        "Chat input, IOException error"),
                g,
                "ChatUpdate recover(Note s",
                "s,");
    }

    @Test
    void aHandlerTakesTheFailure() {
        JavaFileObject g = graph("Support", POLICY_IMPORTS + """

                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "fetch")
                    ChatUpdate store(Chat s) { return ChatUpdate.of(); }

                    @OnError("fetch")
                    ChatUpdate recoverFetch(Chat s) { return ChatUpdate.of(); }

                    @OnError("store")
                    ChatUpdate recoverStore(Chat s, String e) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(2, CHAT, g);
        // Too few parameters: the caret is on the method.
        assertError(
                c,
                Message.ON_ERROR_PARAMETERS.format(
                        "recoverFetch",
                        "test.Chat",
                        "fetch",
                        PARAMETERS_OF_FETCH,
                        "recoverFetch",
                        "Chat input, Exception error"),
                g,
                "ChatUpdate recoverFetch(Chat s)",
                "recoverFetch");
        assertError(
                c,
                Message.ON_ERROR_PARAMETERS.format(
                        "recoverStore",
                        "test.Chat, String",
                        "store",
                        PARAMETERS_OF_FETCH,
                        "recoverStore",
                        "Chat input, Exception error"),
                g,
                "ChatUpdate recoverStore(Chat s, String e)",
                "e)");
    }

    @Test
    void onlyNodeContextMayFollowTheFailure() {
        JavaFileObject g = support("""
                @OnError("fetch")
                ChatUpdate recover(Chat s, RuntimeException e, NodeContext ctx, int extra) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.ON_ERROR_PARAMETERS.format(
                        "recover",
                        "test.Chat, RuntimeException, dev.switchboard.runtime.NodeContext, int",
                        "fetch",
                        PARAMETERS_OF_FETCH,
                        "recover",
                        "Chat input, RuntimeException error"),
                g,
                "ChatUpdate recover(Chat s",
                "extra");
    }

    @Test
    void aHandlerReturnsWhatItsNodeCould() {
        JavaFileObject note = record("Note", "public record Note(String text) {}");
        JavaFileObject g = graph("Support", POLICY_IMPORTS + """

                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate fetch(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "fetch")
                    ChatUpdate store(Chat s) { return ChatUpdate.of(); }

                    @OnError("fetch")
                    String recoverFetch(Chat s, Exception e) { return "oops"; }

                    @OnError("store")
                    NoteUpdate recoverStore(Chat s, Exception e) { return NoteUpdate.of(); }
                }
                """);
        // Another graph's state, so that NoteUpdate exists.
        JavaFileObject notes = graph("Notes", """
                class Notes {
                    @Node
                    @Edge(from = START)
                    NoteUpdate write(Note n) { return NoteUpdate.of(); }
                }
                """);
        Compilation c = failsWith(2, CHAT, note, notes, g);
        assertError(
                c,
                Message.ON_ERROR_RETURN.format("recoverFetch", "String", "ChatUpdate", "ChatUpdate"),
                g,
                "String recoverFetch(");
        assertError(
                c,
                Message.ON_ERROR_UPDATE_NOT_IN_GRAPH.format("recoverStore", "test.NoteUpdate", "Support", "ChatUpdate"),
                g,
                "NoteUpdate recoverStore(");
    }

    @Test
    void aSubgraphNodeHasNoHandler() {
        JavaFileObject inner = record("Inner", "public record Inner(@Reducer(Append.class) List<String> messages) {}");
        JavaFileObject innerGraph = graph("InnerNodes", """
                class InnerNodes {
                    @Node
                    @Edge(from = START)
                    InnerUpdate work(Inner s) { return InnerUpdate.of(); }
                }
                """);
        JavaFileObject g = support("""
                @Node
                @Edge(from = "fetch")
                InnerNodesGraph inner() { return null; }

                @OnError("inner")
                ChatUpdate recover(Exception e) { return ChatUpdate.of(); }

                @OnError("fetch")
                InnerNodesGraph recoverFetch(Chat s, Exception e) { return null; }
                """);
        Compilation c = failsWith(2, CHAT, inner, innerGraph, g);
        assertError(
                c, Message.ON_ERROR_FOR_SUBGRAPH.format("inner", "recover", "inner"), g, "@OnError(\"inner\")", "\"");
        // Returning a graph would run it as a subgraph, which is no handler's result.
        assertError(
                c,
                Message.ON_ERROR_RETURN.format("recoverFetch", "test.InnerNodesGraph", "ChatUpdate", "ChatUpdate"),
                g,
                "InnerNodesGraph recoverFetch(");
    }

    @Test
    void privateHandler() {
        JavaFileObject g = support("""
                @OnError("fetch")
                private ChatUpdate recover(Chat s, Exception e) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.PRIVATE_METHOD.format("error handler", "recover", "SupportGraph"),
                g,
                "private ChatUpdate recover(");
    }

    @Test
    void genericHandler() {
        JavaFileObject g = support("""
                @OnError("fetch")
                <T> ChatUpdate recover(Chat s, Exception e) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.GENERIC_METHOD.format("error handler", "recover", "error handler"),
                g,
                "<T> ChatUpdate recover(");
    }
}
