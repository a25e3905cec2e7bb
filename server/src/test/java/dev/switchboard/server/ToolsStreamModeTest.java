package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.langchain4j.ReactAgent;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.fixtures.PacedModel;
import dev.switchboard.server.studio.Lookup;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The run API's {@code tools} stream mode: a stateless run of the prebuilt agent streams its
 * lookup call as LangGraph.js's {@code tools} mode does, {@code on_tool_start} with the arguments
 * the model wrote, then {@code on_tool_end} with the tool's output, and nothing else.
 */
class ToolsStreamModeTest {
    @Test
    void aRunStreamsItsToolCallsStartedAndFinished() throws Exception {
        try (SwitchboardServer server = SwitchboardServer.builder()
                .graph(
                        "agent",
                        ReactAgent.create(new PacedModel(), new Lookup(), null).graph())
                .checkpointer(new MemorySaver())
                .port(0)
                .build()
                .start()) {
            List<Sse.Event> events;
            try (Sse s = Sse.post(
                    server.url().resolve("/runs/stream"),
                    "{\"assistant_id\":\"agent\",\"stream_mode\":[\"tools\"],\"input\":{\"messages\":"
                            + "[{\"type\":\"human\",\"content\":\"purr\"}]}}")) {
                events = s.rest();
            }
            assertEquals("metadata", events.get(0).name());
            assertEquals(
                    List.of(
                            "tools:{\"event\":\"on_tool_start\",\"toolCallId\":\"call-1\",\"name\":\"lookup\","
                                    + "\"input\":\"{\\\"topic\\\":\\\"purr\\\"}\"}",
                            "tools:{\"event\":\"on_tool_end\",\"toolCallId\":\"call-1\",\"name\":\"lookup\","
                                    + "\"output\":\"" + Lookup.FACT + "\"}"),
                    events.subList(1, events.size()).stream()
                            .map(e -> e.name() + ":" + e.data())
                            .toList());
        }
    }
}
