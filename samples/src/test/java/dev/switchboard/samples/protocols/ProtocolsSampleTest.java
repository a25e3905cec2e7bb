package dev.switchboard.samples.protocols;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The protocols sample: the served graphs called over MCP and A2A, the review pause answered over A2A. */
class ProtocolsSampleTest {
    @Test
    void theGraphsAnswerOverMcpAndA2a() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, ProtocolsSample.run(new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertEquals(
                List.of(
                        "MCP tools: [approval, support]",
                        "MCP support: {\"messages\":[\"I want a refund\",\"billing: a refund form is on its way\","
                                + "\"wrap-up: anything else?\"],\"turns\":2,\"topic\":\"billing\"}",
                        "A2A support: COMPLETED: wrap-up: anything else?",
                        "A2A approval: INPUT_REQUIRED, asking {\"draft\":\"Why sealed types matters.\",\"revision\":0}",
                        "A2A approval: COMPLETED, status \"published\""),
                out.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
