package dev.switchboard.processor;

import static dev.switchboard.processor.TestSources.compile;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * Sources of the {@code @Tools} tests. The dispatcher's dependencies are the real sources of
 * {@code switchboard-langchain4j}'s seam: the processor module cannot depend on that module, which
 * the processor builds.
 */
final class ToolsSources {
    static final String HEADER = """
            package test;

            import dev.langchain4j.agent.tool.P;
            import dev.langchain4j.agent.tool.Tool;
            import dev.switchboard.annotation.Tools;
            import java.util.List;
            import java.util.Map;
            import java.util.Optional;

            """;
    static final Path SEAM = Path.of("..", "langchain4j", "src", "main", "java", "dev", "switchboard", "langchain4j");

    static JavaFileObject source(String simpleName, String body) {
        return JavaFileObjects.forSourceString("test." + simpleName, HEADER + body);
    }

    /** Compiles with the seam of switchboard-langchain4j, as a user's build with the dependency would. */
    static Compilation withSeam(JavaFileObject... sources) {
        return compile(withSeamSources(sources));
    }

    /** The sources and the seam's. */
    static JavaFileObject[] withSeamSources(JavaFileObject... sources) {
        List<JavaFileObject> all = new ArrayList<>(List.of(sources));
        for (String file : List.of(
                "ToolSet",
                "OutputFormat",
                "CombinedToolSet",
                "ToolArgumentsException",
                "UnknownToolException",
                "spi/ToolArguments",
                "spi/ToolResults")) {
            all.add(seam(file));
        }
        return all.toArray(JavaFileObject[]::new);
    }

    private static JavaFileObject seam(String file) {
        try {
            return JavaFileObjects.forResource(
                    SEAM.resolve(file + ".java").toUri().toURL());
        } catch (MalformedURLException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ToolsSources() {}
}
