package dev.switchboard.server.messages;

import static dev.switchboard.annotation.Graph.START;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.langchain4j.Message;
import java.util.List;

/** One node that writes a tool call, its result and a reply, and pins the reply. */
public class Weather {
    @Node
    @Edge(from = START)
    NotesUpdate answer(Notes s) {
        AiMessage call = AiMessage.from(ToolExecutionRequest.builder()
                .id("call-1")
                .name("weather")
                .arguments("{\"city\":\"Paris\"}")
                .build());
        Message reply = Message.of("reply-" + s.history().size(), AiMessage.from("sunny"));
        return NotesUpdate.of()
                .history(List.of(
                        Message.of("call-" + s.history().size(), call),
                        Message.of(ToolExecutionResultMessage.from("call-1", "weather", "sunny")),
                        reply))
                .pinned(reply)
                .log(List.of("answered"));
    }
}
