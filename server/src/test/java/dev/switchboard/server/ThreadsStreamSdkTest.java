package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.server.fixtures.ProtocolGraphs;
import dev.switchboard.server.wire.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * LangGraph's JS SDK on the thread-centric protocol ({@code client.threads.stream}, the version the
 * conformance suite pins): the chat graph's tokens stream in order and its output is the reply;
 * the approval graph pauses, {@code thread.input.respond} answers it and the run completes; a
 * second stream on the thread replays its root lifecycle. Skipped, or failed under {@code
 * CI=true}, as {@link ConformanceCheckTest} is when node or the suite is missing.
 */
class ThreadsStreamSdkTest {
    @Test
    void theJsSdkStreamsTokensAnswersAnInterruptAndReplaysTheThread() throws Exception {
        Path work = ConformanceCheckTest.prepare();
        Files.copy(
                Path.of("src/test/js/protocol/threads-stream.mjs"),
                work.resolve("threads-stream.mjs"),
                StandardCopyOption.REPLACE_EXISTING);
        List<String> lines;
        try (SwitchboardServer server = ProtocolGraphs.server().port(0).build().start()) {
            lines = ConformanceCheckTest.run(
                    work, 120, "node", "threads-stream.mjs", server.url().toString());
        }
        assertEquals(1, lines.size(), () -> "node printed " + lines + "; see " + work.resolve("node.err.log"));
        JsonNode out = Json.parse(lines.get(0).getBytes(StandardCharsets.UTF_8));
        assertEquals("[\"echo\",\": \",\"hi\"]", out.get("chatTokens").toString());
        assertEquals("echo: hi", out.get("chatReply").asString());
        assertEquals("[{\"question\":\"ok?\"}]", out.get("interrupt").toString());
        assertEquals("[\"x\",\"draft\",\"approved:yes\"]", out.get("trail").toString());
        assertEquals(out.get("trail"), out.get("stateTrail"));
        assertEquals(
                "[\"running\",\"interrupted\",\"running\",\"completed\"]",
                out.get("replayedLifecycle").toString());
    }
}
