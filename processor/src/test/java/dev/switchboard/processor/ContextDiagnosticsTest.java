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
 * Diagnostics of the run context ({@code @Graph(context = ...)}): node parameters that take it,
 * a context that is no class, and subgraph nodes whose graph needs a context this graph cannot
 * pass down. Each with its positive twin.
 */
class ContextDiagnosticsTest {
    private static final JavaFileObject USER = record("User", "public record User(String id) {}");
    private static final JavaFileObject ADMIN = record("Admin", "public record Admin(String id) {}");

    private static final JavaFileObject INNER_STATE = record("Inner", "public record Inner(String topic) {}");
    private static final JavaFileObject INNER = graph("InnerNodes", """
            @Graph(context = User.class)
            class InnerNodes {
                @Node
                @Edge(from = START)
                InnerUpdate work(Inner s, User user) { return InnerUpdate.of().topic(user.id()); }
            }
            """);

    private static Compilation failsWith(int errors, JavaFileObject... sources) {
        Compilation c = compile(sources);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(errors);
        return c;
    }

    @Test
    void nodesTakeTheDeclaredContextInAnyOrderAfterTheirInput() {
        JavaFileObject g = graph("Support", """
                @Graph(context = User.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s, User user, NodeContext ctx) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    ChatUpdate billing(Chat s, NodeContext ctx, User user) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "billing")
                    ChatUpdate wrapUp(Chat s, User user) { return ChatUpdate.of(); }
                }
                """);
        assertThat(compile(CHAT, USER, g)).succeededWithoutWarnings();
    }

    @Test
    void aParameterOfAnotherTypeThanTheContext() {
        JavaFileObject g = graph("Support", """
                @Graph(context = User.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s, Admin admin) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(1, CHAT, USER, ADMIN, g);
        assertError(
                c,
                Message.CONTEXT_PARAMETER_MISMATCH.format("classify", "admin", "test.Admin", "test.User", "test.User"),
                g,
                "Admin admin",
                "admin");
    }

    @Test
    void aContextParameterWithoutADeclaredContextNamesTheFix() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s, User user) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(1, CHAT, USER, g);
        assertError(c, Message.NODE_EXTRA_PARAMETER.format("classify", "user", "test.User"), g, "User user", "user");
    }

    @Test
    void theContextTakenTwice() {
        JavaFileObject g = graph("Support", """
                @Graph(context = User.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s, User user, User again) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(1, CHAT, USER, g);
        assertError(c, Message.NODE_EXTRA_PARAMETER.format("classify", "again", "test.User"), g, "User again", "again");
    }

    @Test
    void aContextThatIsNoClass() {
        JavaFileObject g = graph("Support", """
                @Graph(context = int.class)
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        Compilation c = failsWith(1, CHAT, g);
        assertError(c, Message.CONTEXT_NOT_A_CLASS.format("int"), g, "@Graph(context = int.class)", ".class");
    }

    @Test
    void aSubgraphThatNeedsAContextTheParentDoesNotDeclare() {
        JavaFileObject g = graph("Outer", """
                class Outer {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    InnerNodesGraph inner() { return null; }
                }
                """);
        Compilation c = failsWith(1, CHAT, USER, INNER_STATE, INNER, g);
        assertError(
                c,
                Message.SUBGRAPH_CONTEXT_MISMATCH.format(
                        "inner", "test.InnerNodesGraph", "test.User", "declares none", "test.User"),
                g,
                "InnerNodesGraph inner()");
    }

    @Test
    void aSubgraphThatNeedsAnotherContextThanTheParents() {
        JavaFileObject g = graph("Outer", """
                @Graph(context = Admin.class)
                class Outer {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    InnerNodesGraph inner() { return null; }
                }
                """);
        Compilation c = failsWith(1, CHAT, USER, ADMIN, INNER_STATE, INNER, g);
        assertError(
                c,
                Message.SUBGRAPH_CONTEXT_MISMATCH.format(
                        "inner", "test.InnerNodesGraph", "test.User", "declares test.Admin", "test.User"),
                g,
                "InnerNodesGraph inner()");
    }

    @Test
    void aSubgraphWhoseContextTheParentPassesDownCompilesCleanly() {
        JavaFileObject g = graph("Outer", """
                @Graph(context = User.class)
                class Outer {
                    @Node
                    @Edge(from = START)
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }

                    @Node
                    @Edge(from = "classify")
                    InnerNodesGraph inner() { return null; }
                }
                """);
        assertThat(compile(CHAT, USER, INNER_STATE, INNER, g)).succeededWithoutWarnings();
    }
}
