package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.tools.JavaFileObject;

/** Sources shared by the processor tests, and the one way they compile them. */
final class TestSources {
    /** Imports every graph source starts with, so test bodies show only what matters. */
    static final String GRAPH_HEADER = """
            package test;

            import static dev.switchboard.annotation.Graph.END;
            import static dev.switchboard.annotation.Graph.START;

            import dev.switchboard.annotation.Edge;
            import dev.switchboard.annotation.Graph;
            import dev.switchboard.annotation.Join;
            import dev.switchboard.annotation.Node;
            import dev.switchboard.annotation.Route;
            import dev.switchboard.runtime.Command;
            import dev.switchboard.runtime.NodeContext;
            import dev.switchboard.runtime.Send;
            import java.util.List;

            """;

    /** Imports every record source starts with. */
    static final String RECORD_HEADER = """
            package test;

            import dev.switchboard.annotation.Channel;
            import dev.switchboard.annotation.ChannelKind;
            import dev.switchboard.annotation.Managed;
            import dev.switchboard.annotation.Reducer;
            import dev.switchboard.annotation.Untracked;
            import dev.switchboard.runtime.managed.RemainingSteps;
            import dev.switchboard.runtime.reducer.Append;
            import dev.switchboard.runtime.reducer.Sum;
            import java.util.List;

            """;

    /** The state most tests use: one reducer channel and one plain channel. */
    static final JavaFileObject CHAT =
            record("Chat", "public record Chat(@Reducer(Append.class) List<String> messages, String topic) {}");

    private TestSources() {}

    /** A class in package {@code test}, after {@link #GRAPH_HEADER}. */
    static JavaFileObject graph(String simpleName, String body) {
        return JavaFileObjects.forSourceString("test." + simpleName, GRAPH_HEADER + body);
    }

    /** A record (or any type) in package {@code test}, after {@link #RECORD_HEADER}. */
    static JavaFileObject record(String simpleName, String body) {
        return JavaFileObjects.forSourceString("test." + simpleName, RECORD_HEADER + body);
    }

    /** Compiles with the processor, the test classpath (annotations and runtime) and all lint on. */
    static Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new SwitchboardProcessor())
                .withOptions("-Xlint:all")
                .compile(sources);
    }

    /** Asserts an error with exactly {@code text} in {@code file} on the line containing {@code line}. */
    static void assertError(Compilation c, String text, JavaFileObject file, String line) {
        assertThat(c).hadErrorContaining(text).inFile(file).onLineContaining(line);
    }

    /** Asserts a warning with exactly {@code text} in {@code file} on the line containing {@code line}. */
    static void assertWarning(Compilation c, String text, JavaFileObject file, String line) {
        assertThat(c).hadWarningContaining(text).inFile(file).onLineContaining(line);
    }

    /** The same, and the caret is on the first {@code token} of that line. */
    static void assertError(Compilation c, String text, JavaFileObject file, String line, String token) {
        assertThat(c)
                .hadErrorContaining(text)
                .inFile(file)
                .onLine(lineNumber(file, line))
                .atColumn(column(file, line, token));
    }

    /** The 1-based number of the only line of {@code source} containing {@code line}. */
    static int lineNumber(JavaFileObject source, String line) {
        String[] lines = text(source).split("\n", -1);
        int found = -1;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(line)) {
                if (found >= 0) {
                    throw new IllegalArgumentException("more than one line contains " + line);
                }
                found = i + 1;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("no line contains " + line);
        }
        return found;
    }

    /** The 1-based column of {@code token} on the only line of {@code source} containing {@code line}. */
    static int column(JavaFileObject source, String line, String token) {
        String l = text(source).split("\n", -1)[lineNumber(source, line) - 1];
        int at = l.indexOf(token);
        if (at < 0) {
            throw new IllegalArgumentException("no " + token + " on line " + l);
        }
        return at + 1;
    }

    /** The text of a generated source file. */
    static String generated(Compilation c, String qualifiedName) {
        return text(c.generatedSourceFile(qualifiedName).orElseThrow());
    }

    static String text(JavaFileObject source) {
        try {
            return source.getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
