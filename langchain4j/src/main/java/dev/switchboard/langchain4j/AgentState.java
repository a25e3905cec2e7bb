package dev.switchboard.langchain4j;

import dev.switchboard.annotation.Reducer;
import java.util.List;

/**
 * The state of the prebuilt {@link ReactAgent}, LangGraph's {@code MessagesState}: the
 * conversation, merged by {@link AddMessages}. Write to it with the generated {@code
 * AgentStateUpdate}: {@code AgentStateUpdate.of().messages(List.of(Message.user("hi")))}.
 *
 * @param messages the conversation, oldest first
 */
public record AgentState(@Reducer(AddMessages.class) List<Message> messages) {}
