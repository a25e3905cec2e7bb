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
 * One test per diagnostic about the graph class, node and route signatures, and the records that
 * form a graph's state: error count, text from the catalogue, file and line.
 */
class SignatureDiagnosticsTest {
    /** A record that is not the state of the graphs below. */
    private static final JavaFileObject NOTE = record("Note", "public record Note(@Untracked String text) {}");

    private static JavaFileObject support(String extraMembers) {
        return graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                %s
                }
                """.formatted(extraMembers.indent(4)));
    }

    private static Compilation failsWith(int errors, JavaFileObject... sources) {
        Compilation c = compile(sources);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(errors);
        return c;
    }

    @Test
    void privateGraphClass() {
        JavaFileObject g = graph("Outer", """
                class Outer {
                    private static class Support {
                        @Node
                        @Edge(from = START)
                        ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                    }
                }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.PRIVATE_GRAPH.format("test.Outer.Support", "Outer_SupportGraph"),
                g,
                "private static class Support");
    }

    @Test
    void genericGraphClass() {
        JavaFileObject g = graph("Support", """
                class Support<T> {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.GENERIC_GRAPH.format("test.Support"), g, "class Support<T>");
    }

    @Test
    void nodesAndRoutesThrowExceptionsOrErrorsOnly() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "classify")
                ChatUpdate billing(Chat s) throws Throwable { return ChatUpdate.of(); }

                @Route(from = "billing", to = {"classify", END})
                String again(Chat s) throws java.io.IOException, StackOverflowError { return END; }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.THROWS_THROWABLE.format("node", "billing", "Throwable", "SupportGraph"),
                g,
                "ChatUpdate billing(Chat s) throws Throwable");
    }

    @Test
    void privateNodeAndRoute() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "classify")
                private ChatUpdate billing(Chat s) { return ChatUpdate.of(); }

                @Route(from = "billing", to = {"classify", END})
                private String again(Chat s) { return END; }
                """);
        Compilation c = failsWith(2, CHAT, g);
        assertError(
                c, Message.PRIVATE_METHOD.format("node", "billing", "SupportGraph"), g, "private ChatUpdate billing");
        assertError(c, Message.PRIVATE_METHOD.format("route", "again", "SupportGraph"), g, "private String again");
    }

    @Test
    void genericNode() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "classify")
                <T> ChatUpdate billing(Chat s) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.GENERIC_METHOD.format("node", "billing", "node"), g, "<T> ChatUpdate billing");
    }

    @Test
    void nodeWithoutParameter() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "classify")
                ChatUpdate billing() { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.NODE_WITHOUT_PARAMETER.format("billing", " Chat"), g, "ChatUpdate billing()");
    }

    @Test
    void nodeWithAnExtraParameter() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "classify")
                ChatUpdate billing(Chat s, String account) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c, Message.NODE_EXTRA_PARAMETER.format("billing", "account", "String"), g, "String account", "account");
    }

    @Test
    void nodeReturningSomethingElse() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "classify")
                String billing(Chat s) { return "billing"; }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.NODE_RETURN.format("billing", "String", "ChatUpdate", "ChatUpdate"),
                g,
                "String billing(Chat s)");
    }

    @Test
    void nodeReturningTheUpdateOfAnotherRecord() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "classify")
                NoteUpdate billing(Chat s) { return NoteUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, NOTE, g);
        assertError(
                c,
                Message.NODE_UPDATE_NOT_IN_GRAPH.format("billing", "test.NoteUpdate", "Support", "ChatUpdate"),
                g,
                "NoteUpdate billing(Chat s)");
    }

    @Test
    void nodeReadingAnotherRecordWithoutGraphState() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "classify")
                ChatUpdate billing(Note s) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, NOTE, g);
        assertError(
                c,
                Message.STATE_MISMATCH.format("billing", "test.Note", "Chat", "node classify()", "Chat", "Chat"),
                g,
                "ChatUpdate billing(Note s)");
    }

    @Test
    void projectionWithAComponentThatIsNoChannel() {
        JavaFileObject view = record("View", "public record View(String topic, String mood, String mesages) {}");
        JavaFileObject g = graph("Support", """
                @Graph(state = Chat.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(View s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(2, CHAT, view, g);
        // No channel is close enough to "mood" for a suggestion.
        assertError(
                c,
                Message.PROJECTION_UNKNOWN_COMPONENT.format(
                        "node classify()", "View", "mood", "Chat", "View", "messages, topic", ""),
                g,
                "classify(View s)");
        assertError(
                c,
                Message.PROJECTION_UNKNOWN_COMPONENT.format(
                        "node classify()",
                        "View",
                        "mesages",
                        "Chat",
                        "View",
                        "messages, topic",
                        "; did you mean \"messages\"?"),
                g,
                "classify(View s)");
    }

    @Test
    void projectionWithAComponentOfAnotherType() {
        JavaFileObject view = record("View", "public record View(int topic) {}");
        JavaFileObject g = graph("Support", """
                @Graph(state = Chat.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(View s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(1, CHAT, view, g);
        assertError(
                c,
                Message.PROJECTION_TYPE_MISMATCH.format("node classify()", "View", "topic", "int", "topic", "String"),
                g,
                "classify(View s)");
    }

    @Test
    void projectionDeclaringAnotherChannelKind() {
        JavaFileObject view = record("View", "public record View(@Untracked String topic) {}");
        JavaFileObject g = graph("Support", """
                @Graph(state = Chat.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(View s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(1, CHAT, view, g);
        assertError(
                c, Message.PROJECTION_KIND_MISMATCH.format("topic", "View", "Chat"), view, "@Untracked String topic");
    }

    @Test
    void payloadNodeReachedByName() {
        JavaFileObject g = support("""
                @Node
                @Edge(from = "classify")
                ChatUpdate worker(String job) { return ChatUpdate.of(); }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.PAYLOAD_NODE_REACHED_BY_NAME.format("worker", "String", "Chat"),
                g,
                "worker(String job)",
                "job");
    }

    @Test
    void routeWithOtherParameters() {
        JavaFileObject g = support("""
                @Route(from = "classify", to = END)
                String again(Chat s, String extra) { return END; }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.ROUTE_PARAMETERS.format("again", "Chat"), g, "String again(");
    }

    @Test
    void routeReturningSomethingElse() {
        JavaFileObject g = support("""
                @Route(from = "classify", to = END)
                int again(Chat s) { return 0; }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.ROUTE_RETURN.format("again", "int"), g, "int again(");
    }

    @Test
    void graphWithoutState() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    void classify(String job) {}
                }
                """);
        Compilation c = failsWith(1, g);
        assertError(c, Message.NO_STATE.format("Support"), g, "class Support");
    }

    @Test
    void graphMemberThatIsNotARecord() {
        JavaFileObject g = graph("Support", """
                @Graph(input = String.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(
                c,
                Message.GRAPH_MEMBER_NOT_RECORD.format("input = String.class", "String", "Chat"),
                g,
                "@Graph(input = String.class)",
                "@Graph");
    }

    @Test
    void graphStateAndPrivateStateThatAreNotRecords() {
        JavaFileObject g = graph("Support", """
                @Graph(state = String.class, privateState = Integer.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(2, CHAT, g);
        assertError(
                c,
                Message.GRAPH_MEMBER_NOT_RECORD.format("state = String.class", "String", "Chat"),
                g,
                "@Graph(state = String.class",
                "@Graph");
        assertError(
                c,
                Message.GRAPH_MEMBER_NOT_RECORD.format("privateState = Integer.class", "Integer", "Chat"),
                g,
                "@Graph(state = String.class",
                "@Graph");
    }
}
