package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The server's packages are layers, each using only those below it, so none has a cycle: {@code
 * wire} (JSON shapes, the runtime only) under {@code rows} (threads and runs) under {@code runs}
 * (the run pipeline and its queue port) under {@code postgres} (the shared queue) and {@code api}
 * (the endpoints), which also uses {@code protocol} (the threads' streaming protocol channels, over
 * {@code runs}) and {@code http} (the transport-neutral request and response, under
 * {@code wire} alone); {@code mcp} and {@code a2a} (the protocol endpoints) sit beside {@code api}
 * and reach it only through {@code http}, by {@code loopback} (the API called in-process); {@code
 * auth} (the authorization handlers' public API) uses nothing of the server, {@code api} applies it; the
 * root package assembles them all. Read from the sources' imports and
 * qualified names, comments left out.
 */
class ServerLayersTest {
    private static final Path SOURCES =
            Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve("src/main/java");
    private static final String ROOT = "dev.switchboard.server";
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    private static final Pattern REFERENCE =
            Pattern.compile("\\bdev\\.switchboard\\.server((?:\\.[a-z]\\w*)*)\\.[A-Z]");
    private static final Pattern COMMENTS = Pattern.compile("(?s)/\\*.*?\\*/|//[^\\n]*");

    /** What each package may use. */
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry(
                    "root",
                    Set.of("api", "auth", "http", "protocol", "runs", "rows", "wire", "postgres", "mcp", "a2a")),
            Map.entry("api", Set.of("auth", "http", "protocol", "runs", "rows", "wire")),
            Map.entry("auth", Set.of()),
            Map.entry("protocol", Set.of("runs", "rows", "wire")),
            Map.entry("mcp", Set.of("loopback", "http", "wire")),
            Map.entry("a2a", Set.of("loopback", "http", "wire")),
            Map.entry("loopback", Set.of("http", "wire")),
            Map.entry("postgres", Set.of("runs", "rows", "wire")),
            Map.entry("runs", Set.of("rows", "wire")),
            Map.entry("rows", Set.of("wire")),
            Map.entry("http", Set.of("wire")),
            Map.entry("wire", Set.of()));

    @Test
    void eachPackageUsesOnlyTheLayersBelowIt() throws IOException {
        Map<String, Map<String, String>> uses = scan();
        assertEquals(ALLOWED.keySet(), uses.keySet(), "the server's packages");
        List<String> wrong = new ArrayList<>();
        uses.forEach((from, targets) -> targets.forEach((to, file) -> {
            if (!ALLOWED.get(from).contains(to)) {
                wrong.add(from + " -> " + to + " (" + file + ")");
            }
        }));
        assertEquals(List.of(), wrong, "uses against the layering");
    }

    @Test
    void theLayeringItselfHasNoCycle() {
        for (String start : ALLOWED.keySet()) {
            assertTrue(!reaches(start, start, new ArrayList<>()), "a cycle through " + start);
        }
    }

    private static boolean reaches(String from, String target, List<String> seen) {
        for (String next : ALLOWED.get(from)) {
            if (next.equals(target)) {
                return true;
            }
            if (!seen.contains(next)) {
                seen.add(next);
                if (reaches(next, target, seen)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Package (relative to the root, {@code root} for it) to the packages it uses, each with one file that does. */
    private static Map<String, Map<String, String>> scan() throws IOException {
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        Map<String, Map<String, String>> graph = new TreeMap<>();
        for (Path source : sources) {
            String code = COMMENTS.matcher(Files.readString(source)).replaceAll(" ");
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
}
