package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The build-time half of LangGraph conformance scenario 31: each case LangGraph rejects when a
 * graph is built or compiled is a compile error here, a test named after the oracle's case. The
 * run-time half (what nodes that write nothing stream, a run without input, breakpoints on unknown
 * nodes) is {@code tests/.../conformance/c31}; the few cases Java cannot even write are listed
 * with the reason.
 */
class Conformance31GraphValidationErrorsTest {
    /** The scenario's state: {@code value} (last value) and {@code items} (a list reducer). */
    private static final JavaFileObject SIMPLE =
            record("Simple", "public record Simple(String value, @Reducer(Append.class) List<String> items) {}");

    /** Cases that are compile errors here, each asserted by the test method of its name. */
    private static final Set<String> COMPILE_ERRORS = Set.of(
            "node_named_like_state_key",
            "duplicate_node",
            "reserved_char_colon",
            "reserved_char_pipe",
            "reserved_name_start",
            "reserved_name_end",
            "edge_from_END",
            "edge_to_START",
            "edge_to_unknown_node_compile",
            "edge_from_unknown_node_compile",
            "no_entry_point_compile",
            "unreachable_node_compile",
            "join_edge_with_unknown_start",
            "conditional_path_map_unknown_node_compile",
            "node_returns_string");

    /** Cases asserted at run time by {@code tests/.../conformance/c31}, which names each. */
    private static final Set<String> RUN_TIME = Set.of(
            "interruptBefore_unknown_node_compile",
            "null_undefined_unknown_key_returns",
            "null_undefined_unknown_key_stream_updates",
            "null_input_no_checkpointer");

    /** Cases Java code cannot write at all, so no test can assert them, with the reason. */
    private static final Map<String, String> NOT_EXPRESSIBLE = Map.of(
            "join_edge_to_END",
            "a @Join sits on the node the barrier leads to, and END has no method to carry it; a node"
                    + " waiting for a and b that does nothing is the Java spelling",
            "invoke_with_unknown_input_key",
            "a graph's input is its typed update (SimpleUpdate), which has a setter per channel and no"
                    + " other way to set a key, so an unknown key is javac's \"cannot find symbol\" in the"
                    + " caller; there is no map input to ignore it in");

    /** Where the run-time cases are asserted, relative to this module. */
    private static final Path RUN_TIME_TESTS =
            Path.of("..", "tests", "src", "test", "java", "dev", "switchboard", "conformance", "c31");

    private static Compilation fails(int errors, JavaFileObject graph) {
        Compilation c = compile(SIMPLE, graph);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(errors);
        return c;
    }

    private static String unknown(String where, String name, String nodes) {
        return Message.UNKNOWN_NODE.format(where, name, nodes, "");
    }

    @Test
    void everyCaseOfTheOracleIsAccountedFor() throws IOException, NoSuchMethodException {
        JsonNode oracle;
        try (InputStream in = getClass().getResourceAsStream("/conformance/31-graph-validation-errors.json")) {
            oracle = JsonMapper.builder().build().readTree(in);
        }
        Set<String> cases = new HashSet<>(oracle.propertyNames());
        cases.remove("scenario");
        List<String> mapped = new ArrayList<>(COMPILE_ERRORS);
        mapped.addAll(RUN_TIME);
        mapped.addAll(NOT_EXPRESSIBLE.keySet());
        mapped.add("valid_minimal_compile");
        assertEquals(cases, new HashSet<>(mapped));
        assertEquals(cases.size(), mapped.size(), "a case is claimed twice: " + mapped);
        for (String name : COMPILE_ERRORS) {
            assertFalse(oracle.get(name).get("ok").asBoolean(), name);
            assertNotNull(getClass().getDeclaredMethod(name).getAnnotation(Test.class), name);
        }
        assertNotNull(getClass().getDeclaredMethod("valid_minimal_compile").getAnnotation(Test.class));
        assertTrue(oracle.get("valid_minimal_compile").get("ok").asBoolean());
        String runTimeTests = sources(RUN_TIME_TESTS);
        for (String name : RUN_TIME) {
            assertTrue(runTimeTests.contains("\"" + name + "\""), name + " is not asserted in " + RUN_TIME_TESTS);
        }
    }

    private static String sources(Path dir) throws IOException {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                out.append(Files.readString(p));
            }
        }
        return out.toString();
    }

    @Test
    void valid_minimal_compile() {
        JavaFileObject g = graph("Minimal", """
                class Minimal {
                    @Node @Edge(from = START) void a(Simple s) {}
                }
                """);
        Compilation c = compile(SIMPLE, g);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.MinimalGraph");
    }

    @Test
    void node_named_like_state_key() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node @Edge(from = START) void value(Simple s) {}
                }
                """);
        assertError(fails(1, g), Message.NODE_NAMED_LIKE_CHANNEL.format("value"), g, "void value(");
    }

    @Test
    void duplicate_node() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node @Edge(from = START) void a(Simple s) {}
                    @Node(name = "a") @Edge(from = START) void another(Simple s) {}
                }
                """);
        assertError(fails(1, g), Message.DUPLICATE_NODE.format("a", "a", "another"), g, "void another(", "\"a\"");
    }

    @Test
    void reserved_char_colon() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node(name = "a:b") @Edge(from = START) void a(Simple s) {}
                }
                """);
        assertError(fails(1, g), Message.RESERVED_CHARACTER.format("a:b", ":"), g, "void a(", "\"a:b\"");
    }

    @Test
    void reserved_char_pipe() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node(name = "a|b") @Edge(from = START) void a(Simple s) {}
                }
                """);
        assertError(fails(1, g), Message.RESERVED_CHARACTER.format("a|b", "|"), g, "void a(", "\"a|b\"");
    }

    @Test
    void reserved_name_start() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node(name = START) @Edge(from = START) void a(Simple s) {}
                }
                """);
        assertError(fails(1, g), Message.RESERVED_NODE_NAME.format("__start__"), g, "void a(", "START");
    }

    @Test
    void reserved_name_end() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node(name = END) @Edge(from = START) void a(Simple s) {}
                }
                """);
        assertError(fails(1, g), Message.RESERVED_NODE_NAME.format("__end__"), g, "void a(", "END");
    }

    @Test
    void edge_from_END() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node @Edge(from = START) @Edge(from = END) void a(Simple s) {}
                }
                """);
        assertError(fails(1, g), Message.EDGE_FROM_END.format("@Edge(from = \"__end__\") on a()"), g, "void a(", "END");
    }

    /** An {@code @Edge} sits on its destination, so "to START" is a route or Command destination. */
    @Test
    void edge_to_START() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node @Edge(from = START) void a(Simple s) {}
                    @Route(from = "a", to = {START, END}) String back(Simple s) { return END; }
                }
                """);
        assertError(fails(1, g), Message.TO_START.format("@Route on back()"), g, "String back(", "START");
    }

    /**
     * An {@code @Edge} sits on its destination, which therefore always exists; the same mistake
     * through a {@code Command} destination is an unknown node.
     */
    @Test
    void edge_to_unknown_node_compile() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node(destinations = "ghost") @Edge(from = START)
                    Command<SimpleUpdate> a(Simple s) { return Command.goTo("ghost"); }
                }
                """);
        assertError(
                fails(1, g),
                unknown("@Node(destinations) on a()", "ghost", "a"),
                g,
                "@Node(destinations = \"ghost\")",
                "\"ghost\"");
    }

    @Test
    void edge_from_unknown_node_compile() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node @Edge(from = START) @Edge(from = "ghost") void a(Simple s) {}
                }
                """);
        assertError(fails(1, g), unknown("@Edge(from = \"ghost\") on a()", "ghost", "a"), g, "void a(", "\"ghost\"");
    }

    /** LangGraph.js calls this "node a is not reachable"; Python and Switchboard name the entry point. */
    @Test
    void no_entry_point_compile() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node void a(Simple s) {}
                }
                """);
        assertError(fails(1, g), Message.NO_ENTRY_POINT.format("Case"), g, "class Case");
    }

    @Test
    void unreachable_node_compile() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node @Edge(from = START) void a(Simple s) {}
                    @Node void island(Simple s) {}
                }
                """);
        assertError(fails(1, g), Message.UNREACHABLE_NODE.format("island"), g, "void island(", "@Node");
    }

    @Test
    void join_edge_with_unknown_start() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node @Edge(from = START) void a(Simple s) {}
                    @Node @Join({"a", "ghost"}) void b(Simple s) {}
                }
                """);
        // b waits for a node that never runs, so it is also unreachable.
        Compilation c = fails(2, g);
        assertError(c, unknown("@Join on b()", "ghost", "a, b"), g, "void b(", "\"ghost\"");
        assertError(c, Message.UNREACHABLE_NODE.format("b"), g, "void b(", "@Node");
    }

    @Test
    void conditional_path_map_unknown_node_compile() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node @Edge(from = START) void a(Simple s) {}
                    @Route(from = "a", to = "ghost") String pick(Simple s) { return "ghost"; }
                }
                """);
        assertError(fails(1, g), unknown("@Route on pick()", "ghost", "a"), g, "String pick(", "\"ghost\"");
    }

    /**
     * LangGraph finds out when the node runs; a Java node declares what it returns, so a node that
     * returns a String does not compile. (Only an unchecked cast could smuggle one past javac.)
     */
    @Test
    void node_returns_string() {
        JavaFileObject g = graph("Case", """
                class Case {
                    @Node @Edge(from = START) String a(Simple s) { return "x"; }
                }
                """);
        assertError(
                fails(1, g), Message.NODE_RETURN.format("a", "String", "SimpleUpdate", "SimpleUpdate"), g, "String a(");
    }
}
