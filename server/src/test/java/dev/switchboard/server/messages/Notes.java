package dev.switchboard.server.messages;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.langchain4j.AddMessages;
import dev.switchboard.langchain4j.Message;
import java.util.List;

/**
 * A state whose messages are not under LangGraph's usual key: a merged list ({@code history}), a
 * single last-value message ({@code pinned}) and a channel of plain strings ({@code log}).
 */
public record Notes(@Reducer(AddMessages.class) List<Message> history, Message pinned, List<String> log) {}
