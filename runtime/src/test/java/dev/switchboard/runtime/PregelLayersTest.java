package dev.switchboard.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine's layers inside {@code pregel}, as LangGraph's {@code _algo.py} sits below {@code
 * _loop.py}: tasks and channels (what a superstep prepares and applies), then what a run stores and
 * streams, then the run itself (the loop, the runner, node attempts, contexts and subgraphs, which
 * call each other because a graph runs graphs). A class of a lower layer never uses one of the
 * run's, so it can be read and tested without a run. The class graph comes from the sources, with
 * comments and string literals blanked, by simple names of the package's own classes.
 */
class PregelLayersTest {
    private static final Path PREGEL = Path.of(System.getProperty("basedir", ""))
            .toAbsolutePath()
            .resolve("src/main/java/dev/switchboard/runtime/pregel");
    /** The run: these may use each other and everything below. */
    private static final Set<String> RUN = Set.of(
            "PregelGraph",
            "PregelLoop",
            "TaskRunner",
            "NodeAttempts",
            "Execution",
            "TaskContext",
            "TaskWrites",
            "Subgraphs",
            "SubgraphAddress",
            "Snapshots",
            "Steps",
            "TaskCalls",
            "WorkflowGraph");
    /** Below the run: what a superstep prepares and applies, and what a run stores and streams. */
    private static final List<String> BELOW_THE_RUN = List.of(
            "Task",
            "StepRecord",
            "ChannelState",
            "ChannelVersions",
            "RouteSpec",
            "StateReader",
            "Codecs",
            "Persistence",
            "StoredChannels",
            "TaskRecords",
            "Cursor",
            "StoredState",
            "Resumes",
            "RunEvents",
            "RunScope");
    /** Most files are far smaller; the limit keeps the engine's files readable in one sitting. */
    private static final int MAX_LINES = 450;

    @Test
    void nothingBelowTheRunUsesTheRun() throws IOException {
        Map<String, Set<String>> graph = scan();
        assertTrue(graph.keySet().containsAll(RUN), "the run's classes moved: " + RUN + " in " + graph.keySet());
        for (String low : BELOW_THE_RUN) {
            assertTrue(graph.containsKey(low), low + " is gone from pregel; update this test's layers");
            assertEquals("", pathToRun(graph, low), low + " reaches the run");
        }
    }

    @Test
    void aTaskKnowsOnlyTheGraphItsIdsAndItsRecords() throws IOException {
        Set<String> reached = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of("Task"));
        Map<String, Set<String>> graph = scan();
        while (!todo.isEmpty()) {
            for (String next : graph.get(todo.pop())) {
                if (reached.add(next)) {
                    todo.push(next);
                }
            }
        }
        assertEquals(
                Set.of(
                        "ContextSpec",
                        "Digests",
                        "GraphSpec",
                        "RouteSpec",
                        "SendTargets",
                        "StepRecord",
                        "TaskIds",
                        "UnknownNode"),
                reached);
    }

    @Test
    void noPregelFileIsLongerThanTheLimit() throws IOException {
        Map<String, Long> tooLong = new TreeMap<>();
        for (Path source : sources()) {
            long lines = Files.readAllLines(source).size();
            if (lines > MAX_LINES) {
                tooLong.put(source.getFileName().toString(), lines);
            }
        }
        assertEquals(Map.of(), tooLong, "files over " + MAX_LINES + " lines: split them along a seam");
    }

    /** The first path from {@code from} to a class of the run, as {@code A -> B -> PregelLoop}; empty if none. */
    private static String pathToRun(Map<String, Set<String>> graph, String from) {
        Map<String, String> cameFrom = new LinkedHashMap<>();
        Deque<String> todo = new ArrayDeque<>(List.of(from));
        cameFrom.put(from, null);
        while (!todo.isEmpty()) {
            String at = todo.removeFirst();
            if (RUN.contains(at)) {
                List<String> path = new ArrayList<>();
                for (String c = at; c != null; c = cameFrom.get(c)) {
                    path.add(0, c);
                }
                return String.join(" -> ", path);
            }
            for (String next : graph.get(at)) {
                if (!cameFrom.containsKey(next)) {
                    cameFrom.put(next, at);
                    todo.addLast(next);
                }
            }
        }
        return "";
    }

    /** Each class of the package to the package's classes its source names. */
    private static Map<String, Set<String>> scan() throws IOException {
        Map<String, String> code = new TreeMap<>();
        for (Path source : sources()) {
            String name = source.getFileName().toString().replace(".java", "");
            if (!name.equals("package-info")) {
                code.put(name, blankStrings(JavaComments.strip(Files.readString(source))));
            }
        }
        Map<String, Set<String>> graph = new TreeMap<>();
        code.forEach((name, text) -> {
            Set<String> uses = new TreeSet<>();
            for (String other : code.keySet()) {
                if (!other.equals(name)
                        && Pattern.compile("\\b" + other + "\\b").matcher(text).find()) {
                    uses.add(other);
                }
            }
            graph.put(name, uses);
        });
        return graph;
    }

    private static String blankStrings(String code) {
        return code.replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", "\"\"");
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> list = Files.list(PREGEL)) {
            return list.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }
}
