package dev.switchboard.agent.multi;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.langchain4j.AddMessages;
import dev.switchboard.langchain4j.Message;
import java.util.List;

/**
 * The state of a team of agents (a {@link Supervisor} or a {@link Swarm}): the conversation they
 * share, and the agent that last received a handoff, who answers the next turn of a swarm. Write the
 * input with the generated {@code TeamUpdate}: {@code TeamUpdate.of().messages(List.of(Message.user("hi")))}.
 *
 * @param messages the conversation, oldest first
 * @param activeAgent the agent that last received a handoff (a supervisor's worker hands back to the
 *     supervisor when it ends), or {@code null} before the first
 */
public record Team(@Reducer(AddMessages.class) List<Message> messages, String activeAgent) {}
