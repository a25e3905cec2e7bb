package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.studio.Nested;
import dev.switchboard.server.studio.NestedGraph;
import dev.switchboard.server.wire.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The LangGraph Platform API beyond the conformance suite, driven by LangGraph's own JS client
 * ({@code src/test/js/platform-sdk.mjs}, {@code @langchain/langgraph-sdk} 1.15.0) against this
 * server on its SQLite default: every fact that LangGraph.js's server answers was recorded from it
 * ({@code record-platform.sh} into {@code resources/platform/langgraph-js.json}) and must agree
 * exactly; the facts of what that server lacks or gets wrong are checked here one by one. One
 * server and one node run for the class. Skipped, or failed under {@code CI=true}, as {@link
 * ConformanceCheckTest} is when node or the suite is missing.
 */
class PlatformSdkTest {
    @TempDir
    static Path tmp;

    private static SwitchboardServer server;
    private static JsonNode facts;

    @BeforeAll
    static void runTheClient() throws Exception {
        Path work = ConformanceCheckTest.prepare();
        Files.copy(
                Path.of("src/test/js/platform-sdk.mjs"),
                work.resolve("platform-sdk.mjs"),
                StandardCopyOption.REPLACE_EXISTING);
        server = ConformanceGraphs.graphs()
                .graph("nested", NestedGraph.builder(new Nested()))
                .database("jdbc:sqlite:" + tmp.resolve("server.db"))
                .port(0)
                .build()
                .start();
        List<String> lines = ConformanceCheckTest.run(
                work, 300, "node", "platform-sdk.mjs", server.url().toString());
        assertEquals(1, lines.size(), () -> "node printed " + lines + "; see " + work.resolve("node.err.log"));
        Files.createDirectories(work.resolve("out"));
        Files.writeString(work.resolve("out/platform.json"), lines.get(0)); // for a look when a fact disagrees
        facts = Json.parse(lines.get(0).getBytes(StandardCharsets.UTF_8)).get("facts");
        List<String> failed = new ArrayList<>();
        facts.properties().forEach(e -> {
            if (e.getValue().has("failed")) {
                failed.add(e.getKey() + ": " + e.getValue().get("failed").asString());
            }
        });
        assertEquals(List.of(), failed, "facts whose SDK calls failed");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static JsonNode fact(String name) {
        JsonNode f = facts.get(name);
        assertTrue(f != null, () -> "no fact " + name + " in " + facts.propertyNames());
        return f;
    }

    @Test
    void everyFactRecordedFromLangGraphJsAgrees() throws Exception {
        JsonNode expected = Json.parse(Files.readAllBytes(Path.of("src/test/resources/platform/langgraph-js.json")))
                .get("facts");
        List<String> mismatching = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : expected.properties()) {
            if (!e.getValue().equals(facts.get(e.getKey()))) {
                mismatching.add(e.getKey() + "\n  expected " + e.getValue() + "\n  got      " + facts.get(e.getKey()));
            }
        }
        System.out.println("[figures] platform facts agreeing with LangGraph.js: "
                + (expected.size() - mismatching.size()) + "/" + expected.size());
        assertEquals(List.of(), mismatching);
    }

    @Test
    void assistantsSortAndPageAsAsked() {
        JsonNode f = fact("assistants.search.sorted");
        assertEquals("[\"b\",\"c\",\"a\"]", f.get("createdAsc").toString());
        assertEquals("[\"a\",\"b\",\"c\"]", f.get("nameAsc").toString());
        assertEquals("[\"c\",\"b\",\"a\"]", f.get("nameDesc").toString());
        assertEquals("{\"names\":[\"a\",\"c\"],\"next\":\"2\"}", f.get("paged").toString());
    }

    @Test
    void subgraphsAreTheGraphsSubgraphNodesRunWithTheirSchemas() {
        JsonNode f = fact("assistants.subgraphs");
        assertEquals("[\"middle\"]", f.get("direct").toString());
        assertEquals("[\"middle\",\"middle|counter\"]", f.get("recurse").toString());
        assertEquals("[\"middle\"]", f.get("namespace").toString());
        assertEquals("{}", f.get("none").toString());
        assertEquals(
                "[\"config_schema\",\"context_schema\",\"graph_id\",\"input_schema\",\"output_schema\",\"state_schema\"]",
                f.get("shape").toString());
    }

    /** runs.batch: one stateless run per entry, each with its own input and metadata. */
    @Test
    void batchCreatesEachRunAsAStatelessOne() {
        assertEquals(
                "[{\"assistant_id\":\"<id:1>\",\"input\":{\"trail\":[\"b1\"]},\"k\":null,\"multitask_strategy\":\"reject\",\"status\":\"pending\",\"temporary\":true},{\"assistant_id\":\"<id:1>\",\"input\":{\"trail\":[\"b2\"]},\"k\":2,\"multitask_strategy\":\"reject\",\"status\":\"pending\",\"temporary\":true}]",
                fact("runs.batch").toString());
    }

    /** GET /runs/{run_id}/stream joins a run without its thread. */
    @Test
    void aRunJoinsByItsIdAlone() {
        assertEquals(
                "[\"metadata\",\"values\",\"values\",\"values\",\"values\"]",
                fact("runs.join_stream.by_run_id").toString());
    }

    /** GET /threads/{id}/history: newest first, limited. */
    @Test
    void historyAnswersGetWithALimit() {
        assertEquals(
                "{\"all\":4,\"limited\":[{\"next\":[],\"values\":{\"trail\":[\"h\",\"a\",\"b\"]}},{\"next\":[\"b\"],\"values\":{\"trail\":[\"h\",\"a\"]}}]}",
                fact("threads.history.get").toString());
    }

    /** a thread created with supersteps holds one checkpoint per superstep, its graph in its metadata. */
    @Test
    void aThreadCreatedWithSuperstepsHasTheirCheckpoints() {
        assertEquals(
                "{\"graph\":\"chain\",\"history\":2,\"next\":[],\"values\":{\"trail\":[\"s1\",\"s2\"]}}",
                fact("threads.create.supersteps").toString());
    }

    /** after_seconds delays the start, on_completion keep keeps a stateless thread, feedback_keys is echoed. */
    @Test
    void runOptionsWaitKeepAndEchoFeedbackKeys() {
        assertEquals(
                "{\"atOnce\":\"pending\",\"createdAhead\":true,\"feedbackKeys\":[\"score\"],\"keptTemporary\":false,\"keptValues\":{\"trail\":[\"k\",\"a\",\"b\"]},\"ranAfter\":true,\"status\":\"success\"}",
                fact("runs.options").toString());
    }

    /** prune deletes threads, or keeps only their latest checkpoint; unknown ids are skipped. */
    @Test
    void pruneDeletesOrKeepsTheLatestCheckpoint() {
        assertEquals(
                "{\"after\":1,\"before\":4,\"deleted\":{\"pruned_count\":2},\"getA\":{\"status\":404},\"kept\":{\"pruned_count\":1},\"stateValues\":{\"trail\":[\"q\",\"a\",\"b\"]},\"values\":{\"trail\":[\"q\",\"a\",\"b\"]}}",
                fact("threads.prune").toString());
    }

    /** POST /runs/cancel: all ids must exist (404), by thread and status, nothing named is a 400. */
    @Test
    void cancelManyByIdsThreadAndStatus() {
        assertEquals(
                "{\"nothing\":{\"status\":400},\"r3status\":\"interrupted\",\"statuses\":[\"interrupted\",\"interrupted\",\"interrupted\"],\"stillRunning\":\"running\",\"trail1\":[\"A\",1],\"unknown\":{\"status\":404}}",
                fact("runs.cancel_many").toString());
    }

    /** GET /threads/{id}/stream follows each run of the thread in turn and replays lifecycle events from the start. */
    @Test
    void aThreadJoinStreamFollowsEveryRunAndReplaysLifecycle() {
        assertEquals(
                "{\"lifecycle\":[\"metadata\",\"run_done\",\"metadata\",\"run_done\",\"metadata\",\"run_done\"],\"seen\":[[\"metadata\",\"0\",null],[\"values\",\"1\",null],[\"values\",\"2\",null],[\"values\",\"3\",null],[\"run_done\",\"4\",\"success\"],[\"metadata\",\"0\",null],[\"values\",\"1\",null],[\"values\",\"2\",null],[\"values\",\"3\",null],[\"run_done\",\"4\",\"success\"]]}",
                fact("threads.join_stream").toString());
    }

    /** GET /threads/{id}/storage: bytes per channel that sum to the total. */
    @Test
    void storageCountsBytesPerChannel() {
        assertEquals(
                "{\"channels\":[\"__start__\",\"branch:to:a\",\"branch:to:b\",\"trail\"],\"checkpoints\":4,\"keys\":[\"channels\",\"checkpoint_bytes\",\"checkpoints\",\"namespaces\",\"thread_id\",\"total_bytes\",\"value_bytes\",\"write_bytes\"],\"positive\":true,\"sums\":true}",
                fact("threads.storage").toString());
    }

    /**
     * Crons through {@code client.crons}: LangGraph's shape, a stateless one in its time zone, one on
     * a thread, search by thread, metadata and enabled, count, patch (enabled, end time), delete,
     * and a bad schedule, an unknown assistant or thread refused.
     */
    @Test
    void cronsAreCreatedSearchedPatchedAndDeleted() {
        assertEquals(
                "{\"afterDelete\":1,\"badSchedule\":{\"status\":400},\"byMeta\":[{\"cron_id\":\"<cron:stateless>\",\"schedule\":\"0 9 * * *\"}],\"byThread\":[\"<cron:thread>\"],\"count\":2,\"deleteAgain\":{\"status\":404},\"disabled\":{\"enabled\":false,\"end_time\":\"<ts>\"},\"enabledCount\":1,\"endTime\":\"<ts>\",\"nextHour\":\"09:00\",\"onRunCompleted\":\"delete\",\"onlyEnabled\":[],\"payload\":{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"c\"]}},\"searched\":[\"<cron:stateless>\",\"<cron:thread>\"],\"shape\":[\"assistant_id\",\"created_at\",\"cron_id\",\"enabled\",\"end_time\",\"metadata\",\"next_run_date\",\"on_run_completed\",\"payload\",\"schedule\",\"thread_id\",\"timezone\",\"updated_at\",\"user_id\"],\"statelessThread\":null,\"threadCron\":true,\"unknownAssistant\":{\"status\":404},\"unknownThread\":{\"status\":404}}",
                fact("crons").toString());
    }
}
