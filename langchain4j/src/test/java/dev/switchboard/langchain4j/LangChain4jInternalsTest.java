package dev.switchboard.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.source.util.JavacTask;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Switchboard's main code and the code its processor generates use only LangChain4j's public API:
 * nothing from {@code dev.langchain4j.internal} and no type LangChain4j marks {@code
 * @dev.langchain4j.Internal} (its own warning that the type may change in any release), so that a
 * user's build, which compiles the generated {@code XxxTools} against whichever {@code
 * langchain4j-core} it has, keeps compiling when LangChain4j changes its internals. Generated code
 * calls this module's SPI ({@code dev.switchboard.langchain4j.spi}), never its {@code internal}
 * package, which no other module uses either.
 *
 * <p>Read from the sources of every module's {@code src/main} and from what the real processor
 * generated for this module (the prebuilt agent and the tests' tool sets), comments left out. The
 * {@code @Internal} mark is read by javac from the {@code langchain4j-core} on the test class path,
 * so the build's re-run of this module on a newer LangChain4j ({@code .ci/run}) checks that version
 * too. Members marked {@code @Internal} inside public types are not looked for.
 */
class LangChain4jInternalsTest {
    /** Maven runs tests in the module directory and also sets {@code basedir}. */
    private static final Path MODULE =
            Path.of(System.getProperty("basedir", "")).toAbsolutePath();

    private static final Path REPOSITORY = MODULE.getParent();
    private static final List<Path> GENERATED = List.of(
            MODULE.resolve("target/generated-sources/annotations"),
            MODULE.resolve("target/generated-test-sources/test-annotations"));

    /** Spelled in parts so that this file does not name the packages it looks for. */
    private static final String THEIR_INTERNALS = "dev.langchain4j" + ".internal";

    private static final String OUR_INTERNALS = "dev.switchboard.langchain4j" + ".internal";

    private static final Pattern THEIRS = Pattern.compile("\\bdev\\.langchain4j\\.internal\\b");
    private static final Pattern OURS = Pattern.compile("\\bdev\\.switchboard\\.langchain4j\\.internal\\b");
    private static final Pattern SPI = Pattern.compile("\\bdev\\.switchboard\\.langchain4j\\.spi\\.[A-Z]");
    /** A LangChain4j type named in code: an import or a qualified name, nested types included. */
    private static final Pattern LANGCHAIN4J_TYPE =
            Pattern.compile("(?<![\\w.])dev\\.langchain4j(?:\\.[a-z_][a-z0-9_]*)*(?:\\.[A-Z][A-Za-z0-9_]*)+");

    private static Elements elements;

    @BeforeAll
    static void javac() {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        List<String> options = List.of("-proc:none", "-classpath", System.getProperty("java.class.path"));
        elements = ((JavacTask) compiler.getTask(null, null, null, options, null, List.of())).getElements();
    }

    @Test
    void noMainCodeUsesLangChain4jsInternalPackage() throws IOException {
        List<Path> roots = mainSources();
        assertTrue(
                roots.contains(REPOSITORY.resolve("agent/src/main/java"))
                        && roots.contains(REPOSITORY.resolve("mcp/src/main/java")),
                () -> "expected the repository's modules under " + REPOSITORY + ", found " + roots);
        List<String> offenders = new ArrayList<>();
        for (Path root : roots) {
            offenders.addAll(uses(root, THEIRS));
        }
        assertEquals(List.of(), offenders, "use LangChain4j's public API, or write the helper in Switchboard");
    }

    @Test
    void noMainOrGeneratedCodeUsesATypeLangChain4jMarksInternal() throws IOException {
        List<Path> roots = new ArrayList<>(mainSources());
        roots.addAll(GENERATED);
        Map<String, String> types = new TreeMap<>();
        for (Path root : roots) {
            types.putAll(langChain4jTypes(root));
        }
        List<String> offenders = new ArrayList<>();
        int resolved = 0;
        for (Map.Entry<String, String> type : types.entrySet()) {
            Element element = resolve(type.getKey());
            if (element != null) {
                resolved++;
                if (markedInternal(element)) {
                    offenders.add(type.getKey() + " (" + type.getValue() + ")");
                }
            }
        }
        assertTrue(resolved > 30, () -> "resolved only a few of " + types.keySet() + "; is langchain4j-core there?");
        assertEquals(List.of(), offenders, "LangChain4j marks these @Internal: use its public API instead");
    }

    @Test
    void generatedCodeCallsTheSpiNotTheInternals() throws IOException {
        List<Path> sources = new ArrayList<>();
        for (Path root : GENERATED) {
            sources.addAll(javaFiles(root));
        }
        List<Path> toolSets = sources.stream()
                .filter(p -> read(p).contains("implements ToolSet"))
                .toList();
        assertTrue(toolSets.size() >= 3, () -> "found only the generated tool sets " + toolSets);
        assertTrue(toolSets.stream().allMatch(p -> SPI.matcher(read(p)).find()), "tool sets call the SPI");
        List<String> offenders = new ArrayList<>();
        for (Path root : GENERATED) {
            offenders.addAll(uses(root, THEIRS));
            offenders.addAll(uses(root, OURS));
        }
        assertEquals(List.of(), offenders, "generated code calls only dev.switchboard.langchain4j.spi");
    }

    @Test
    void noOtherModuleUsesThisModulesInternals() throws IOException {
        List<String> offenders = new ArrayList<>();
        for (Path module : modules()) {
            if (!module.equals(MODULE)) {
                offenders.addAll(uses(module.resolve("src"), OURS));
            }
        }
        assertEquals(List.of(), offenders, "use dev.switchboard.langchain4j.spi or the module's API");
    }

    // The checks above only mean something if they can fail: the fixtures below prove they do.

    @Test
    void theChecksSeeCodeAndIgnoreComments() {
        assertEquals(List.of(1), lines("import " + THEIR_INTERNALS + ".Utils;\nclass A {}", THEIRS));
        assertEquals(List.of(2), lines("class A {\n Object o = " + THEIR_INTERNALS + ".Json.toJson(1); }", THEIRS));
        assertEquals(List.of(), lines("/** Not {@code " + THEIR_INTERNALS + "}. */\n// " + THEIR_INTERNALS, THEIRS));
        assertEquals(List.of(1), lines("import " + OUR_INTERNALS + ".RecordedToolResult;", OURS));
        assertEquals(List.of(), lines("import dev.switchboard.langchain4j.spi.ToolArguments;", OURS));
        assertEquals(
                List.of(4),
                lines(
                        "String a = \"application/*\", q = \"\\\"\" + '\\'';\n"
                                + "String b = \"\"\"\n " + THEIR_INTERNALS + " \"\"\";\n"
                                + "Object c = " + THEIR_INTERNALS + ".Utils.class; // */",
                        THEIRS));
        assertEquals(
                List.of("dev.langchain4j.agent.tool.ToolSpecification", "dev.langchain4j.spi.ServiceHelper"),
                List.copyOf(new TreeSet<>(types("import dev.langchain4j.agent.tool.ToolSpecification;\n"
                                + "class A { Object o = dev.langchain4j.spi.ServiceHelper.loadFactories(null);"
                                + " String s = \"x.dev.langchain4j.Fake\"; }")
                        .keySet())));
    }

    @Test
    void aTypeOrPackageMarkedInternalIsFoundAndAPublicOneIsNot() {
        assertTrue(markedInternal(resolve("dev.langchain4j.spi.ServiceHelper")));
        assertFalse(markedInternal(resolve("dev.langchain4j.agent.tool.ToolSpecification")));
        assertFalse(markedInternal(resolve("dev.langchain4j.model.chat.request.json.JsonObjectSchema.Builder")));
        assertEquals(null, resolve("dev.langchain4j.NoSuchType"));
    }

    /** A type by its canonical name, or {@code null} when it is not on the class path. */
    private static Element resolve(String name) {
        return elements.getTypeElement(name);
    }

    /** Whether the type, a type enclosing it, or its package carries LangChain4j's internal mark. */
    private static boolean markedInternal(Element element) {
        for (Element e = element; e != null; e = e.getEnclosingElement()) {
            boolean marked = e.getAnnotationMirrors().stream()
                    .anyMatch(a -> ((TypeElement) a.getAnnotationType().asElement())
                            .getQualifiedName()
                            .contentEquals("dev.langchain4j.Internal"));
            if (marked) {
                return true;
            }
            if (e instanceof PackageElement) {
                return false;
            }
        }
        return false;
    }

    /** The LangChain4j types named under a directory, each with one place naming it. */
    private static Map<String, String> langChain4jTypes(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        for (Path file : javaFiles(root)) {
            types(read(file)).forEach((type, line) -> out.putIfAbsent(type, REPOSITORY.relativize(file) + ":" + line));
        }
        return out;
    }

    private static Map<String, Integer> types(String source) {
        String code = blanked(source);
        Map<String, Integer> out = new TreeMap<>();
        Matcher m = LANGCHAIN4J_TYPE.matcher(code);
        while (m.find()) {
            out.putIfAbsent(m.group(), line(code, m.start()));
        }
        return out;
    }

    /** Each use of a package under a directory, as {@code file:line}. */
    private static List<String> uses(Path root, Pattern pkg) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path file : javaFiles(root)) {
            lines(read(file), pkg).forEach(line -> out.add(REPOSITORY.relativize(file) + ":" + line));
        }
        return out;
    }

    private static List<Integer> lines(String source, Pattern pkg) {
        String code = blanked(source);
        List<Integer> out = new ArrayList<>();
        Matcher m = pkg.matcher(code);
        while (m.find()) {
            out.add(line(code, m.start()));
        }
        return out;
    }

    /**
     * The source with its comments and literals blanked, keeping line breaks so that lines still
     * count: a name in a comment or a string ({@code "application/*"} included) is not a use.
     */
    static String blanked(String source) {
        StringBuilder out = new StringBuilder(source);
        int i = 0;
        while (i < source.length()) {
            int end = literalOrCommentEnd(source, i);
            for (int j = i; j < end; j++) {
                if (end > i && source.charAt(j) != '\n') {
                    out.setCharAt(j, ' ');
                }
            }
            i = Math.max(end, i + 1);
        }
        return out.toString();
    }

    /** Where the comment or literal starting at {@code i} ends, or {@code i} when none starts there. */
    private static int literalOrCommentEnd(String s, int i) {
        if (s.startsWith("//", i)) {
            int end = s.indexOf('\n', i);
            return end < 0 ? s.length() : end;
        }
        if (s.startsWith("/*", i)) {
            int end = s.indexOf("*/", i + 2);
            return end < 0 ? s.length() : end + 2;
        }
        if (s.startsWith("\"\"\"", i)) {
            return closing(s, i + 3, "\"\"\"");
        }
        if (s.charAt(i) == '"' || s.charAt(i) == '\'') {
            return closing(s, i + 1, String.valueOf(s.charAt(i)));
        }
        return i;
    }

    private static int closing(String s, int from, String quote) {
        for (int j = from; j < s.length(); j++) {
            if (s.charAt(j) == '\\') {
                j++;
            } else if (s.startsWith(quote, j)) {
                return j + quote.length();
            }
        }
        return s.length();
    }

    private static int line(String code, int offset) {
        return (int) code.substring(0, offset).chars().filter(c -> c == '\n').count() + 1;
    }

    /** The repository's modules: its directories with a {@code pom.xml} and sources. */
    private static List<Path> modules() throws IOException {
        try (Stream<Path> dirs = Files.list(REPOSITORY)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml")) && Files.isDirectory(d.resolve("src")))
                    .sorted()
                    .toList();
        }
    }

    private static List<Path> mainSources() throws IOException {
        return modules().stream()
                .map(m -> m.resolve("src/main/java"))
                .filter(Files::isDirectory)
                .toList();
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
