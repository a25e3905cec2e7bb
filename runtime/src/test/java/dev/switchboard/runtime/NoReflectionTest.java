package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime never reflects: all wiring is generated (DESIGN.md §1). Checked twice, on the
 * sources (readable failures) and on the compiled classes (which cannot be fooled by spelling, an
 * import alias or a fully qualified name split over lines).
 */
class NoReflectionTest {
    /** Maven runs tests in the module directory and also sets {@code basedir}. */
    private static final Path MODULE =
            Path.of(System.getProperty("basedir", "")).toAbsolutePath();

    private static final List<String> SOURCE_PATTERNS = List.of(
            "java.lang.reflect",
            "Class.forName",
            "getDeclaredMethod",
            "getDeclaredField",
            "getDeclaredConstructor",
            "getMethod(",
            "getMethods(",
            "getField(",
            "getFields(",
            "getConstructor(",
            "getConstructors(",
            "MethodHandles",
            ".newInstance(",
            "setAccessible",
            "loadClass(");

    @Test
    void runtimeSourcesDoNotUseReflection() throws IOException {
        List<Path> sources = files(MODULE.resolve("src/main/java"), ".java");
        assertTrue(sources.size() > 20, "found only " + sources.size() + " sources under " + MODULE);
        List<String> violations = new ArrayList<>();
        for (Path source : sources) {
            String name = MODULE.relativize(source).toString();
            sourceViolations(Files.readString(source)).forEach(v -> violations.add(name + ":" + v));
        }
        assertEquals(List.of(), violations, "the runtime must not reflect; generate the wiring instead");
    }

    @Test
    void runtimeClassesDoNotReferenceReflection() throws IOException {
        List<Path> classes = files(MODULE.resolve("target/classes"), ".class");
        assertTrue(classes.size() > 20, "found only " + classes.size() + " classes; is the module compiled?");
        List<String> violations = new ArrayList<>();
        for (Path file : classes) {
            String name = MODULE.relativize(file).toString();
            ConstantPoolScan.violations(Files.readAllBytes(file)).forEach(v -> violations.add(name + " " + v));
        }
        assertEquals(List.of(), violations, "the runtime must not reflect; generate the wiring instead");
    }

    // The checks above only mean something if they can fail: the fixtures below prove they do.

    @Test
    void theSourceCheckFindsReflectionInCodeButNotInComments() {
        String source = String.join(
                "\n",
                "/** We never call Class.forName or MethodHandles.lookup(). */",
                "class A { // nor getDeclaredMethods",
                "  String s = \"// not a comment\"; Object m = String.class.getDeclaredMethods();",
                "  /* java.lang.reflect */ Object c = Class.forName(\"x\");",
                "  char q = '\"'; Object l = MethodHandles.lookup();",
                "}");
        assertEquals(List.of("3: getDeclaredMethod", "4: Class.forName", "5: MethodHandles"), sourceViolations(source));
    }

    @Test
    void theClassCheckFindsReflectionMethodHandlesAndLookupsByName() throws IOException {
        assertEquals(
                List.of(
                        "refers to ()Ljava/lang/invoke/MethodHandles$Lookup;",
                        "refers to java/lang/invoke/MethodHandles"),
                fixture(UsesMethodHandles.class));
        assertEquals(
                List.of("calls java/lang/Class.getDeclaredMethods", "refers to ()[Ljava/lang/reflect/Method;"),
                fixture(UsesReflection.class));
        assertEquals(List.of("calls java/lang/Class.forName"), fixture(UsesForName.class));
    }

    @Test
    void theClassCheckFindsAMethodReferenceToMethodHandles() throws IOException {
        // The only mention is a bootstrap argument of the lambda's invokedynamic.
        assertEquals(
                List.of(
                        "refers to ()Ljava/lang/invoke/MethodHandles$Lookup;",
                        "refers to java/lang/invoke/MethodHandles"),
                fixture(UsesMethodHandlesByMethodReference.class));
    }

    @Test
    void theClassCheckAllowsWhatJavacEmitsForLambdasRecordsAndStringConcatenation() throws IOException {
        assertEquals(List.of(), fixture(Clean.class));
        assertEquals(List.of(), fixture(Clean.Pair.class));
    }

    static List<String> sourceViolations(String source) {
        String[] lines = JavaComments.strip(source).split("\n", -1);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            for (String pattern : SOURCE_PATTERNS) {
                if (lines[i].contains(pattern)) {
                    out.add((i + 1) + ": " + pattern);
                }
            }
        }
        return out;
    }

    private static List<String> fixture(Class<?> type) throws IOException {
        String file = type.getName().replace('.', '/') + ".class";
        byte[] bytes = Files.readAllBytes(MODULE.resolve("target/test-classes").resolve(file));
        // Sorted: the order of the constant pool is javac's business.
        return ConstantPoolScan.violations(bytes).stream().sorted().toList();
    }

    private static List<Path> files(Path root, String suffix) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static final class UsesMethodHandles {
        Object lookup() {
            return MethodHandles.lookup();
        }
    }

    static final class UsesReflection {
        int count() {
            return String.class.getDeclaredMethods().length;
        }
    }

    static final class UsesForName {
        Object load() throws ClassNotFoundException {
            return Class.forName("java.lang.String");
        }
    }

    static final class UsesMethodHandlesByMethodReference {
        Supplier<Object> lookup() {
            return MethodHandles::lookup;
        }
    }

    static final class Clean {
        record Pair(String name, int count) {}

        Supplier<String> lambda(String x) {
            return () -> "x=" + x;
        }

        Function<Object, String> methodReference() {
            return String::valueOf;
        }

        Pair pair(int n) {
            return new Pair("n" + n, n);
        }
    }
}
