package dev.switchboard.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.switchboard.processor.TestSources.CHAT;
import static dev.switchboard.processor.TestSources.assertError;
import static dev.switchboard.processor.TestSources.compile;
import static dev.switchboard.processor.TestSources.generated;
import static dev.switchboard.processor.TestSources.graph;
import static dev.switchboard.processor.TestSources.record;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.switchboard.processor.validate.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A {@code Send}'s payload becomes its node's parameter: a route that declares its payload type is
 * checked against every node it may send to, with javac's assignability; a route that cannot
 * declare it uses the generated {@code XGraph.Sends} factories, which are typed by the node.
 */
class SendPayloadDiagnosticsTest {
    private static final JavaFileObject JOB = record("Job", "public record Job(String id) {}");
    private static final JavaFileObject ITEM = record("Item", "public record Item(String name) {}");

    /** A graph whose route after its entry returns {@code returns} and may send to the nodes in {@code to}. */
    private static JavaFileObject fanOut(String returns, String to, String workers) {
        return graph("Fan", """
                class Fan {
                    @Node @Edge(from = START) ChatUpdate begin(Chat s) { return ChatUpdate.of(); }

                    @Route(from = "begin", to = %s)
                    %s fanOut(Chat s) { return null; }

                %s
                    @Node @Edge(from = "worker") ChatUpdate done(Chat s) { return ChatUpdate.of(); }
                }
                """.formatted(to, returns, workers.indent(4)));
    }

    @Test
    void aSendOfOneTypeToANodeThatTakesAnother() {
        JavaFileObject g =
                fanOut("List<Send<Job>>", "{\"worker\"}", "@Node ChatUpdate worker(Item item) { return null; }");
        Compilation c = compile(CHAT, JOB, ITEM, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.SEND_PAYLOAD_MISMATCH.format(
                        "fanOut",
                        "Send<test.Job>",
                        "worker",
                        "worker",
                        "test.Item",
                        "test.Job",
                        "test.Item",
                        "worker",
                        "test.Job"),
                g,
                "@Route(from = \"begin\"",
                "\"worker\"");
    }

    @Test
    void genericPayloadsFollowJavacsAssignability() {
        JavaFileObject g = fanOut(
                "Send<? extends List<Integer>>",
                "\"worker\"",
                "@Node ChatUpdate worker(List<String> names) { return null; }");
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.SEND_PAYLOAD_MISMATCH.format(
                        "fanOut",
                        "Send<? extends List<Integer>>",
                        "worker",
                        "worker",
                        "List<String>",
                        "List<Integer>",
                        "List<String>",
                        "worker",
                        "List<Integer>"),
                g,
                "@Route(from = \"begin\"",
                "\"worker\"");
    }

    @Test
    void aPrimitiveParameterTakesExactlyItsBox() {
        JavaFileObject g = fanOut("Send<Integer>", "\"worker\"", "@Node ChatUpdate worker(long n) { return null; }");
        Compilation c = compile(CHAT, g);
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertError(
                c,
                Message.SEND_PAYLOAD_MISMATCH.format(
                        "fanOut", "Send<Integer>", "worker", "worker", "long", "Integer", "long", "worker", "Integer"),
                g,
                "@Route(from = \"begin\"",
                "\"worker\"");
    }

    @Test
    void assignablePayloadsAndUndeclaredOnesCompileCleanly() {
        for (String returns :
                new String[] {"List<Send<Item>>", "Send<java.util.ArrayList<String>>", "Send<?>", "List<Send<Object>>"
                }) {
            String param = returns.contains("ArrayList") ? "List<String> names" : "Item item";
            JavaFileObject g = fanOut(returns, "\"worker\"", "@Node ChatUpdate worker(" + param + ") { return null; }");
            assertThat(compile(CHAT, ITEM, g)).succeededWithoutWarnings();
        }
        JavaFileObject boxed = fanOut("Send<Integer>", "\"worker\"", "@Node ChatUpdate worker(int n) { return null; }");
        assertThat(compile(CHAT, boxed)).succeededWithoutWarnings();
    }

    @Test
    void eachPayloadNodeGetsATypedFactory() {
        JavaFileObject g = fanOut("List<Send<?>>", "{\"worker\", \"count\", \"odd-name\"}", """
                @Node ChatUpdate worker(Item item) { return null; }
                @Node ChatUpdate count(int n) { return null; }
                @Node(name = "odd-name") ChatUpdate odd(List<String> names) { return null; }
                """);
        Compilation c = compile(CHAT, ITEM, g);
        assertThat(c).succeededWithoutWarnings();
        String fan = generated(c, "test.FanGraph");
        assertTrue(fan.contains("public static Send<Item> worker(Item payload) {"), fan);
        assertTrue(fan.contains("return Send.to(\"worker\", payload);"), fan);
        assertTrue(fan.contains("public static Send<Integer> count(int payload) {"), fan);
        assertTrue(fan.contains("public static Send<List<String>> odd(List<String> payload) {"), fan);
        assertTrue(fan.contains("return Send.to(\"odd-name\", payload);"), fan);
    }
}
