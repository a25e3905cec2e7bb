package dev.switchboard.samples.agent;

import java.util.List;

/**
 * A chat model that can ask for tools: given the conversation so far it returns the next
 * assistant message, either a final answer or tool calls. A real implementation would call an LLM
 * API; the sample uses {@link ScriptedChatModel} so that it runs offline and deterministically.
 */
@FunctionalInterface
public interface ChatModel {
    /**
     * Produces the model's next reply.
     *
     * @param history the conversation so far, oldest first
     * @return an assistant message
     */
    Message chat(List<Message> history);
}
