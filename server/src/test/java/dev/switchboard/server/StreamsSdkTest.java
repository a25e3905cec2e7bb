package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import dev.switchboard.server.wire.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Resumable streams and {@code on_disconnect} through LangGraph's own JS client ({@code
 * runs.stream} with {@code streamResumable} and {@code onDisconnect}, {@code runs.joinStream} with
 * {@code lastEventId} and {@code cancelOnDisconnect}), on the {@code slow} graph. Skipped, or
 * failed under {@code CI=true}, as {@link ConformanceCheckTest} is when node or the suite is missing.
 */
class StreamsSdkTest {
    @Test
    void theJsSdkResumesAStreamByItsLastEventIdAndItsHangUpCancelsOnlyWhenAsked() throws Exception {
        Path work = ConformanceCheckTest.prepare();
        Files.copy(
                Path.of("src/test/js/streams-sdk.mjs"),
                work.resolve("streams-sdk.mjs"),
                StandardCopyOption.REPLACE_EXISTING);
        List<String> lines;
        try (SwitchboardServer server =
                ConformanceGraphs.server(new MemorySaver()).port(0).build().start()) {
            lines = ConformanceCheckTest.run(
                    work, 120, "node", "streams-sdk.mjs", server.url().toString());
        }
        assertEquals(1, lines.size(), () -> "node printed " + lines + "; see " + work.resolve("node.err.log"));
        JsonNode out = Json.parse(lines.get(0).getBytes(StandardCharsets.UTF_8));
        String all = "[{\"id\":\"0\",\"event\":\"metadata\"},{\"id\":\"1\",\"event\":\"updates\"},"
                + "{\"id\":\"2\",\"event\":\"updates\"},{\"id\":\"3\",\"event\":\"updates\"}]";
        assertEquals(all, out.get("all").toString());
        assertEquals(
                Json.parse(all.getBytes(StandardCharsets.UTF_8)).get(0),
                out.get("first").get(0));
        assertEquals(
                "[{\"id\":\"0\",\"event\":\"metadata\"},{\"id\":\"1\",\"event\":\"updates\"}]",
                out.get("first").toString());
        assertEquals("running", out.get("rejoinedWhile").asString());
        assertEquals(
                "[{\"id\":\"2\",\"event\":\"updates\"},{\"id\":\"3\",\"event\":\"updates\"}]",
                out.get("rest").toString());
        assertEquals("interrupted", out.get("cancelStatus").asString());
        assertEquals(false, out.get("cancelTrail").toString().contains("3"), out::toString);
        assertEquals("interrupted", out.get("joinCancelStatus").asString());
        assertEquals("success", out.get("continueStatus").asString());
        assertEquals("[\"A\",1,2,3]", out.get("continueTrail").toString());
    }
}
