package dev.switchboard.agent;

import static dev.switchboard.agent.Models.call;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The agent's tools node reports each tool it runs to the {@code tools} stream mode: started with
 * the arguments, then finished with the tool's text or failed with the error's message (the model
 * reads the error result the node makes of it).
 */
class ToolsStreamModeTest {
    @Test
    void eachToolCallIsStartedThenFinishedOrFailed() {
        Agent<Void> agent = Agent.builder(Models.callsThenAnswer(call("echo", "{\"text\":\"a\"}", "c1")))
                .tools(new EchoToolsTools(new EchoTools()))
                .build();
        List<String> seen;
        try (Stream<StreamPart<dev.switchboard.agent.AgentState<Void>>> s = agent.stream(
                AgentStateUpdate.of().messages(List.of(Message.user("say a"))),
                RunConfig.defaults(),
                StreamMode.TOOLS)) {
            seen = s.map(p -> (StreamPart.Tool<?>) p)
                    .map(t -> t.node() + " " + t.phase() + " " + t.toolCallId() + " " + t.name() + " " + t.data())
                    .toList();
        }
        assertEquals(List.of("tools STARTED c1 echo {\"text\":\"a\"}", "tools FINISHED c1 echo echo a"), seen);
    }

    @Test
    void aFailingToolIsReportedFailed() {
        Agent<Void> agent = Agent.builder(Models.callsThenAnswer(call("fail", "{\"why\":\"no\"}", "c1")))
                .tools(new EchoToolsTools(new EchoTools()))
                .build();
        List<String> seen;
        try (Stream<StreamPart<dev.switchboard.agent.AgentState<Void>>> s = agent.stream(
                AgentStateUpdate.of().messages(List.of(Message.user("fail"))),
                RunConfig.defaults(),
                StreamMode.TOOLS)) {
            seen = s.map(p -> ((StreamPart.Tool<?>) p).phase() + " " + ((StreamPart.Tool<?>) p).data())
                    .toList();
        }
        assertEquals(List.of("STARTED {\"why\":\"no\"}", "FAILED no"), seen);
    }
}
