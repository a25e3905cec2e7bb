package dev.switchboard.samples.agent;

import dev.switchboard.annotation.Managed;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.managed.RemainingSteps;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The agent's state: the chat so far, to which every node appends, and the number of supersteps
 * left before the recursion limit, which the runtime computes for each task.
 *
 * @param messages the conversation, oldest first
 * @param remaining supersteps left before the run would fail with a recursion error
 */
public record Conversation(
        @Reducer(Append.class) List<Message> messages,
        @Managed(RemainingSteps.class) int remaining) {}
