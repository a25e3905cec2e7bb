package dev.switchboard.langchain4j;

import static dev.switchboard.langchain4j.Calculator.call;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.StreamPart.Tool.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The {@code tools} stream mode on the prebuilt agent: each call its tools node runs is reported as
 * started (with the arguments the model wrote) and then finished (with the tool's text) or failed
 * (with the error's message), tagged with the node, the call id and the tool's name; nothing is
 * reported when the mode is not asked for.
 */
class ToolsStreamModeTest {
    private static final AgentStateUpdate QUESTION = AgentStateUpdate.of().messages(List.of(Message.user("2+3, 1/0?")));

    private static ReactAgentGraph agent() {
        ScriptedChatModel model = ScriptedChatModel.of(
                AiMessage.from(call("c1", "add", "{\"a\":2,\"b\":3}"), call("c2", "div", "{\"a\":1,\"b\":0}")),
                AiMessage.from("5, and 1/0 has no answer"));
        return ReactAgent.create(model, new Calculator(), null).graph().build();
    }

    private static List<String> calls(List<StreamPart<AgentState>> parts, String id) {
        List<String> out = new ArrayList<>();
        for (StreamPart<AgentState> p : parts) {
            if (p instanceof StreamPart.Tool<AgentState> t && id.equals(t.toolCallId())) {
                out.add(t.node() + " " + t.phase() + " " + t.name() + " " + t.data());
            }
        }
        return out;
    }

    @Test
    void eachCallIsReportedStartedThenFinishedOrFailed() {
        List<StreamPart<AgentState>> parts;
        try (Stream<StreamPart<AgentState>> s = agent().stream(QUESTION, RunConfig.defaults(), StreamMode.TOOLS)) {
            parts = s.toList();
        }
        assertEquals(4, parts.size(), () -> "only tool events: " + parts);
        // the two calls run in parallel: each call's events are in order, the calls interleave
        assertEquals(
                List.of("tools " + Phase.STARTED + " add {\"a\":2,\"b\":3}", "tools " + Phase.FINISHED + " add 5"),
                calls(parts, "c1"));
        assertEquals(
                List.of(
                        "tools " + Phase.STARTED + " div {\"a\":1,\"b\":0}",
                        "tools " + Phase.FAILED + " div / by zero"),
                calls(parts, "c2"));
    }

    @Test
    void nothingIsReportedWhenTheModeIsNotAsked() {
        try (Stream<StreamPart<AgentState>> s = agent().stream(QUESTION, RunConfig.defaults(), StreamMode.UPDATES)) {
            assertEquals(
                    List.of(), s.filter(p -> p instanceof StreamPart.Tool<?>).toList());
        }
    }
}
