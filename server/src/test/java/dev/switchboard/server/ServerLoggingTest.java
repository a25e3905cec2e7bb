package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.Logged;
import dev.switchboard.server.fixtures.LoggedGraph;
import dev.switchboard.server.logs.CapturedLogs;
import dev.switchboard.server.logs.CapturedLogs.Line;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.event.Level;
import tools.jackson.databind.JsonNode;

/**
 * What the server logs, read from the tests' capturing SLF4J backend: its start (address, graphs,
 * database, how it runs runs) and stop; a failed run with its run and thread ids; the run keys in
 * the MDC of a node's own log lines, on the run's thread and on the executor thread of a parallel
 * task; and never the bearer token or the text of a request's input, even in a failure.
 */
class ServerLoggingTest {
    private static final String TOKEN = "sk-test-token-7f3a91";
    private static final String SECRET = "my card number is 4111-1111";

    @TempDir
    Path tmp;

    @Test
    void theServerLogsItsWorkAndANodesLinesCarryTheRunKeysButNoSecrets() throws Exception {
        SwitchboardServer server = SwitchboardServer.builder()
                .graph("logged", LoggedGraph.builder(new Logged()))
                .database("jdbc:sqlite:" + tmp.resolve("logs.db"))
                .authenticator(t -> TOKEN.equals(t) ? Optional.of("ana") : Optional.empty())
                .port(0)
                .build()
                .start();
        String failedRun;
        String failedThread;
        try {
            Line start = one(l -> l.logger().equals(SwitchboardServer.class.getName())
                    && l.text().contains("listening on " + server.url()));
            assertEquals(Level.INFO, start.level());
            assertTrue(start.text().contains("[logged]"), start.text());
            assertTrue(start.text().contains("SQLite"), start.text());
            assertTrue(start.text().contains("runs in this JVM"), start.text());

            Api api = new Api(server.url(), TOKEN);
            String thread = api.post("/threads", "{}")
                    .expect(200)
                    .json()
                    .get("thread_id")
                    .asString();
            api.post(
                            "/threads/" + thread + "/runs/wait",
                            "{\"assistant_id\":\"logged\",\"input\":{\"trail\":[\"" + SECRET + "\"]}}")
                    .expect(200);
            JsonNode run =
                    api.get("/threads/" + thread + "/runs").expect(200).json().get(0);
            String runId = run.get("run_id").asString();
            for (String node : List.of("first", "left", "right")) {
                Map<String, String> seen = Logged.SEEN.get(node);
                assertEquals(runId, seen.get("run_id"), node);
                // with an authenticator, the id the thread is stored under (owner-scoped thread ids)
                assertEquals(Logged.SEEN.get("first").get("thread_id"), seen.get("thread_id"), node);
                assertTrue(dev.switchboard.server.wire.Fields.isUuid(seen.get("thread_id")), node);
                assertNotEquals(thread, seen.get("thread_id"), node);
                assertEquals(run.get("assistant_id").asString(), seen.get("assistant_id"), node);
                assertEquals("logged", seen.get("graph_id"), node);
            }
            // left and right waited for each other: two threads, so one ran on the graph's executor
            assertNotEquals(
                    Logged.SEEN.get("left").get("thread"),
                    Logged.SEEN.get("right").get("thread"));
            List<Line> nodeLines = CapturedLogs.lines().stream()
                    .filter(l -> l.logger().equals("user.logged"))
                    .toList();
            assertEquals(3, nodeLines.size(), nodeLines.toString());
            for (Line l : nodeLines) {
                assertEquals(runId, l.mdc().get("run_id"), l.toString());
            }

            failedThread = api.post("/threads", "{}")
                    .expect(200)
                    .json()
                    .get("thread_id")
                    .asString();
            api.post(
                    "/threads/" + failedThread + "/runs/wait",
                    "{\"assistant_id\":\"logged\",\"input\":{\"trail\":[\"fail\",\"" + SECRET + "\"]}}");
            failedRun = api.get("/threads/" + failedThread + "/runs")
                    .expect(200)
                    .json()
                    .get(0)
                    .get("run_id")
                    .asString();
            Line failed = one(l -> l.text().contains(failedRun) && l.text().contains("failed"));
            assertEquals(Level.WARN, failed.level());
            // the thread as stored: with an authenticator, an owner-scoped id, not the one the client named
            java.util.regex.Matcher on =
                    java.util.regex.Pattern.compile("on thread ([0-9a-f-]{36})").matcher(failed.text());
            assertTrue(on.find(), failed.text());
            assertNotEquals(failedThread, on.group(1), failed.text());
            assertTrue(failed.text().contains("in node 'first'"), failed.text());
            assertTrue(failed.text().contains("caused by java.lang.IllegalStateException"), failed.text());
        } finally {
            server.close();
        }
        String file = tmp.resolve("logs.db").toString();
        one(l -> l.text().startsWith("Switchboard server stopping") && l.text().contains(file));
        for (Line l : CapturedLogs.lines()) {
            assertTrue(!l.contains(TOKEN), () -> "the token was logged: " + l);
            assertTrue(!l.contains(SECRET), () -> "the request's input was logged: " + l);
        }
    }

    /** The one captured line that matches, waiting a little for lines logged after a reply. */
    private static Line one(Predicate<Line> which) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            List<Line> found = CapturedLogs.lines().stream().filter(which).toList();
            if (found.size() == 1) {
                return found.get(0);
            }
            assertTrue(found.size() < 2, found::toString);
            Thread.sleep(50);
        }
        throw new AssertionError("no such line in " + CapturedLogs.lines());
    }
}
