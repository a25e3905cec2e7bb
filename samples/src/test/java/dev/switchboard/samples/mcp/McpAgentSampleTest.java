package dev.switchboard.samples.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The MCP agent sample against the everything server (installed from the mcp module's lock file). */
class McpAgentSampleTest {
    @Test
    void theAgentCallsTheServersToolsAndAnswersWithTheirResults() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = McpAgentSample.run(
                EverythingServer.command().toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertEquals(0, status);
        assertEquals(
                List.of(
                        "tools: [echo, get-sum]",
                        "user: What is 12 + 30?",
                        "assistant calls: [get-sum {\"a\":12,\"b\":30}, echo {\"message\":\"done\"}]",
                        "tool get-sum: The sum of 12 and 30 is 42.",
                        "tool echo: Echo: done",
                        "assistant: The server says: The sum of 12 and 30 is 42. / Echo: done"),
                out.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
