package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.switchboard.annotation.Node;
import dev.switchboard.processor.validate.Message;
import java.io.File;
import java.net.URISyntaxException;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Diagnostics about what the processor could not do: types that never resolve, a missing runtime,
 * a reducer class that does not exist. javac reports the missing symbol itself; these tests pin
 * that Switchboard adds exactly one error that says what to do, and never crashes.
 */
class ProcessorFailureDiagnosticsTest {
    private static final JavaFileObject SUPPORT = graph("Support", """
            class Support {
                @Node
                @Edge(from = START)
                ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
            }
            """);

    @Test
    void typeThatNeverResolves() {
        JavaFileObject g = graph("Support", """
                class Support {
                    @Node
                    @Edge(from = START)
                    ChatUpdat classify(Chat s) { return null; }
                }
                """);
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(c, "cannot find symbol", g, "ChatUpdat classify");
        assertError(c, Message.UNRESOLVED_TYPES.format("test.Support", "ChatUpdat"), g, "class Support");
    }

    @Test
    void aRecordThatFailsValidationDoesNotAlsoReportItsGraphAsUnresolved() {
        JavaFileObject chat = record("Chat", "public record Chat(@Reducer(Append.class) int turns) {}");
        Compilation c = compile(chat, SUPPORT);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(
                c,
                Message.REDUCER_WRONG_TYPE.format("Append", "turns", "Append", "List<E>", "int", "Integer"),
                chat,
                "int turns");
        assertError(c, "cannot find symbol", SUPPORT, "ChatUpdate classify");
    }

    @Test
    void reducerClassThatDoesNotExist() {
        JavaFileObject chat = record("Chat", "public record Chat(@Reducer(Apend.class) List<String> messages) {}");
        Compilation c = compile(chat);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(c, "cannot find symbol", chat, "@Reducer(Apend.class)");
        assertError(
                c, Message.IMPL_UNRESOLVED.format("Reducer", "messages", "ChatUpdate"), chat, "@Reducer(Apend.class)");
    }

    /** The user depends on switchboard-annotations only, not on switchboard-runtime. */
    @Test
    void runtimeMissingFromTheClasspath() throws URISyntaxException {
        JavaFileObject chat = JavaFileObjects.forSourceString("test.Chat", """
                package test;

                public record Chat(String topic) {}
                """);
        JavaFileObject g = JavaFileObjects.forSourceString("test.Support", """
                package test;

                import dev.switchboard.annotation.Edge;
                import dev.switchboard.annotation.Node;

                class Support {
                    @Node
                    @Edge(from = "__start__")
                    ChatUpdate classify(Chat s) { return ChatUpdate.of(); }
                }
                """);
        File annotationsOnly = new File(
                Node.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Compilation c = javac().withProcessors(new SwitchboardProcessor())
                .withClasspath(List.of(annotationsOnly))
                .compile(chat, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(2);
        assertError(
                c, Message.RUNTIME_MISSING.format("dev.switchboard.runtime.StateUpdate"), chat, "public record Chat");
        // Nothing was generated: generated files would have added errors of their own.
        assertError(c, "cannot find symbol", g, "ChatUpdate classify");
    }
}
