package dev.switchboard.samples.agent;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A fake {@link ChatModel} that replies from a script, one reply per call, and records the
 * conversations it was shown. Stands in for an LLM in the sample and its tests.
 */
public final class ScriptedChatModel implements ChatModel {
    private final List<Message> replies;
    private final boolean repeatLast;
    private final List<List<Message>> histories = new CopyOnWriteArrayList<>();

    private ScriptedChatModel(List<Message> replies, boolean repeatLast) {
        this.replies = List.copyOf(replies);
        this.repeatLast = repeatLast;
    }

    /**
     * A model that gives these replies in order, then fails if called again.
     *
     * @param replies the replies
     * @return the model
     */
    public static ScriptedChatModel of(Message... replies) {
        return new ScriptedChatModel(List.of(replies), false);
    }

    /**
     * A model that gives the same reply forever, like an LLM stuck calling a tool.
     *
     * @param reply the reply
     * @return the model
     */
    public static ScriptedChatModel repeating(Message reply) {
        return new ScriptedChatModel(List.of(reply), true);
    }

    @Override
    public Message chat(List<Message> history) {
        int call = histories.size();
        histories.add(List.copyOf(history));
        if (call < replies.size()) {
            return replies.get(call);
        }
        if (repeatLast) {
            return replies.get(replies.size() - 1);
        }
        throw new IllegalStateException("the script has only " + replies.size() + " replies");
    }

    /**
     * How many times the model was called.
     *
     * @return the number of calls
     */
    public int calls() {
        return histories.size();
    }

    /**
     * The conversation the model was shown on each call.
     *
     * @return one history per call, in call order
     */
    public List<List<Message>> histories() {
        return List.copyOf(histories);
    }
}
