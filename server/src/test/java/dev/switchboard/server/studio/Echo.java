package dev.switchboard.server.studio;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import java.util.List;
import java.util.Map;

/** START -> agent (calls the tool "lookup") -> tools (answers it): a transcript with a tool call and its result. */
public class Echo {
    @Node
    @Edge(from = START)
    ChatUpdate agent(Chat s) {
        Map<String, Object> call = Map.of("id", "call-1", "name", "lookup", "args", Map.of("q", "cats"));
        return ChatUpdate.of()
                .messages(List.of(Map.of("type", "ai", "content", "let me look", "tool_calls", List.of(call))));
    }

    @Node
    @Edge(from = "agent")
    ChatUpdate tools(Chat s) {
        return ChatUpdate.of()
                .messages(List.of(Map.of("type", "tool", "content", "cats purr", "tool_call_id", "call-1")));
    }
}
