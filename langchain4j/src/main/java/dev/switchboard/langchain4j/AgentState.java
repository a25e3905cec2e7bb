package dev.switchboard.langchain4j;

import dev.switchboard.annotation.Managed;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.managed.RemainingSteps;
import java.util.List;

/**
 * The state of the prebuilt {@link ReactAgent}, LangGraph's {@code MessagesState}: the
 * conversation, merged by {@link AddMessages}. Write to it with the generated {@code
 * AgentStateUpdate}: {@code AgentStateUpdate.of().messages(List.of(Message.user("hi")))}.
 *
 * @param messages the conversation, oldest first
 * @param remainingSteps supersteps left before the recursion limit (computed, never stored): the
 *     agent stops asking for tools when it runs out
 */
public record AgentState(
        @Reducer(AddMessages.class) List<Message> messages,
        @Managed(RemainingSteps.class) int remainingSteps) {}
