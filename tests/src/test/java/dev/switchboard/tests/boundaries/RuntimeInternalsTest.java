package dev.switchboard.tests.boundaries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Only the runtime uses {@code dev.switchboard.runtime.internal}: every other module, and the code
 * the processor generates, builds graphs through the documented SPI {@code
 * dev.switchboard.runtime.spi}, whose compatibility the runtime promises, so a change of the
 * runtime's internals breaks nothing outside it. Read from the sources of every module of the
 * repository and from what the real processor generated for this module's tests, comments left out.
 */
class RuntimeInternalsTest {
    /** Maven runs tests in the module directory and also sets {@code basedir}. */
    private static final Path MODULE =
            Path.of(System.getProperty("basedir", "")).toAbsolutePath();

    private static final Path REPOSITORY = MODULE.getParent();
    private static final Path GENERATED = MODULE.resolve("target/generated-test-sources");
    /** Spelled in two parts so that this file does not name the package it looks for. */
    private static final String INTERNALS = "dev.switchboard.runtime" + ".internal";

    private static final Pattern INTERNAL = Pattern.compile("\\bdev\\.switchboard\\.runtime\\.internal\\b");
    private static final Pattern SPI = Pattern.compile("\\bdev\\.switchboard\\.runtime\\.spi\\.[A-Z]");
    private static final Pattern COMMENTS = Pattern.compile("(?s)/\\*.*?\\*/|(?m)^\\s*//[^\\n]*");

    @Test
    void noModuleButTheRuntimeUsesItsInternals() throws IOException {
        List<Path> modules = modules();
        assertTrue(
                modules.contains(REPOSITORY.resolve("agent")) && modules.contains(REPOSITORY.resolve("processor")),
                () -> "expected the repository's modules under " + REPOSITORY + ", found " + modules);
        List<String> offenders = new ArrayList<>();
        for (Path module : modules) {
            if (!module.getFileName().toString().equals("runtime")) {
                offenders.addAll(offenders(module.resolve("src")));
            }
        }
        assertEquals(List.of(), offenders, "use dev.switchboard.runtime.spi instead of the runtime's internals");
    }

    @Test
    void generatedCodeUsesTheSpiNotTheInternals() throws IOException {
        List<Path> sources = javaFiles(GENERATED);
        assertTrue(sources.size() > 50, () -> "found only " + sources.size() + " generated sources under " + GENERATED);
        assertTrue(
                sources.stream().anyMatch(p -> SPI.matcher(read(p)).find()),
                "generated graphs declare themselves through dev.switchboard.runtime.spi");
        assertEquals(List.of(), offenders(GENERATED), "the processor generates imports of the runtime's internals");
    }

    @Test
    void theCheckSeesCodeAndIgnoresComments() {
        assertTrue(uses("import " + INTERNALS + ".GraphSchemas;\nclass A {}"));
        assertTrue(uses("class A { Object o = " + INTERNALS + ".NamedUpdate.of(null, null); }"));
        assertTrue(!uses("/** Not {@code " + INTERNALS + "}. */\nclass A {}\n  // " + INTERNALS));
        assertTrue(!uses("import dev.switchboard.runtime.spi.GraphDefinition;\nclass A {}"));
    }

    private static boolean uses(String source) {
        return INTERNAL.matcher(COMMENTS.matcher(source).replaceAll(" ")).find();
    }

    /** The repository's modules: its directories with a {@code pom.xml} and sources. */
    private static List<Path> modules() throws IOException {
        try (Stream<Path> dirs = Files.list(REPOSITORY)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml")) && Files.isDirectory(d.resolve("src")))
                    .sorted()
                    .toList();
        }
    }

    /** Each use of the internals under a directory, as {@code file:line}. */
    private static List<String> offenders(Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path file : javaFiles(root)) {
            String code = COMMENTS.matcher(read(file)).replaceAll(m -> blankedKeepingLines(m.group()));
            Matcher m = INTERNAL.matcher(code);
            while (m.find()) {
                long line = code.substring(0, m.start())
                                .chars()
                                .filter(c -> c == '\n')
                                .count()
                        + 1;
                out.add(REPOSITORY.relativize(file) + ":" + line);
            }
        }
        return out;
    }

    private static String blankedKeepingLines(String comment) {
        return Matcher.quoteReplacement(comment.replaceAll("[^\\n]", " "));
    }

    private static List<Path> javaFiles(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
