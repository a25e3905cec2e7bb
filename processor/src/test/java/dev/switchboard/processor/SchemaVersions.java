package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;

/**
 * Compiles versions of a graph one after the other against one schema directory, as a project's
 * history would: each clean compilation exports its version's file for the next to be checked
 * against.
 */
final class SchemaVersions {
    private final Path dir;

    SchemaVersions(Path dir) {
        this.dir = dir;
    }

    /** Compiles with the processor and {@code -Aswitchboard.schemaLocation} set to the directory. */
    Compilation compile(JavaFileObject... sources) {
        return javac().withProcessors(new SwitchboardProcessor())
                .withOptions("-Xlint:all", "-Aswitchboard.schemaLocation=" + dir)
                .compile(sources);
    }

    /** Compiles a version that must compile cleanly, exporting its file. */
    void release(JavaFileObject... sources) {
        Compilation c = compile(sources);
        assertThat(c).succeededWithoutWarnings();
    }

    /** The exported file of a version of graph {@code test.G}. */
    Path file(int version) {
        return dir.resolve("test.G").resolve(version + ".json");
    }

    String text(int version) {
        try {
            return Files.readString(file(version));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The option's value, as messages show file names. */
    String display(int version) {
        return dir + "/test.G/" + version + ".json";
    }
}
