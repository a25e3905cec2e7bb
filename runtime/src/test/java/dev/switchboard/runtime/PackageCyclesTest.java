package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No cycle among the runtime's packages: each package may use only those below it, so a package
 * can be read, tested and changed without the ones above. The graph comes from the sources'
 * imports and qualified names (comments blanked out, so a javadoc link is no dependency).
 */
class PackageCyclesTest {
    private static final Path SOURCES =
            Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve("src/main/java");
    private static final String ROOT = "dev.switchboard.runtime";
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    /** A qualified runtime type: lower-case package segments, then a capitalised simple name. */
    private static final Pattern REFERENCE =
            Pattern.compile("\\bdev\\.switchboard\\.runtime((?:\\.[a-z]\\w*)*)\\.[A-Z]");

    @Test
    void runtimePackagesHaveNoCycle() throws IOException {
        Map<String, Map<String, String>> graph = scan();
        assertTrue(graph.size() > 5, "found only packages " + graph.keySet() + " under " + SOURCES);
        assertEquals(Optional.empty(), cycle(graph), "package cycle (each edge names a file that makes it)");
    }

    @Test
    void aCycleIsReportedAsItsPathWithTheFilesThatMakeIt() {
        Map<String, Map<String, String>> graph = new TreeMap<>();
        graph.put("root", new TreeMap<>(Map.of("serde", "GraphBuilder.java")));
        graph.put("serde", new TreeMap<>(Map.of("error", "SerdeException.java", "checkpoint", "Codec.java")));
        graph.put("checkpoint", new TreeMap<>(Map.of("root", "MemorySaver.java")));
        graph.put("error", new TreeMap<>());
        assertEquals(
                Optional.of("checkpoint -> root (MemorySaver.java) -> serde (GraphBuilder.java)"
                        + " -> checkpoint (Codec.java)"),
                cycle(graph));
        graph.get("checkpoint").clear();
        assertEquals(Optional.empty(), cycle(graph));
    }

    /** Package (relative to the root, {@code root} for the root) to the packages it uses, each with one file that does. */
    private static Map<String, Map<String, String>> scan() throws IOException {
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        Map<String, Map<String, String>> graph = new TreeMap<>();
        for (Path source : sources) {
            String code = JavaComments.strip(Files.readString(source));
            Matcher pkg = PACKAGE.matcher(code);
            if (!pkg.find() || !pkg.group(1).startsWith(ROOT)) {
                continue;
            }
            String from = shortName(pkg.group(1).substring(ROOT.length()));
            Map<String, String> uses = graph.computeIfAbsent(from, k -> new TreeMap<>());
            Matcher ref = REFERENCE.matcher(code);
            while (ref.find()) {
                String to = shortName(ref.group(1));
                if (!to.equals(from)) {
                    uses.putIfAbsent(to, SOURCES.relativize(source).toString());
                }
            }
        }
        return graph;
    }

    private static String shortName(String suffix) {
        return suffix.isEmpty() ? "root" : suffix.substring(1);
    }

    /** The first cycle a depth-first search meets, as a path from a package back to itself. */
    static Optional<String> cycle(Map<String, Map<String, String>> graph) {
        List<String> onPath = new ArrayList<>();
        TreeSet<String> done = new TreeSet<>();
        for (String start : graph.keySet()) {
            Optional<String> c = visit(start, graph, onPath, done);
            if (c.isPresent()) {
                return c;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> visit(
            String pkg, Map<String, Map<String, String>> graph, List<String> onPath, TreeSet<String> done) {
        int at = onPath.indexOf(pkg);
        if (at >= 0) {
            return Optional.of(describe(onPath.subList(at, onPath.size()), pkg, graph));
        }
        if (!done.add(pkg)) {
            return Optional.empty();
        }
        onPath.add(pkg);
        for (String next : graph.getOrDefault(pkg, Map.of()).keySet()) {
            Optional<String> c = visit(next, graph, onPath, done);
            if (c.isPresent()) {
                return c;
            }
        }
        onPath.remove(onPath.size() - 1);
        return Optional.empty();
    }

    private static String describe(List<String> path, String back, Map<String, Map<String, String>> graph) {
        StringBuilder out = new StringBuilder(path.get(0));
        List<String> hops = new ArrayList<>(path.subList(1, path.size()));
        hops.add(back);
        String from = path.get(0);
        for (String to : hops) {
            out.append(" -> ")
                    .append(to)
                    .append(" (")
                    .append(graph.get(from).get(to))
                    .append(')');
            from = to;
        }
        return out.toString();
    }
}
