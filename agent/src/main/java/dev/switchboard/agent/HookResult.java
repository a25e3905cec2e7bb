package dev.switchboard.agent;

import dev.switchboard.annotation.JumpTo;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.StateUpdate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a before/after hook returns: messages to write to the conversation (merged by id, as
 * LangGraph's {@code add_messages} does: a message with a known id replaces that one, a new one is
 * appended, {@code Message.remove(id)} and {@code Message.removeAll()} delete), writes to the
 * middleware's own state (its generated update, {@code CountsUpdate.of().calls(1)}), and where to
 * go next instead of the next step ({@link JumpTo}). Each {@code with}/{@code and} returns a new result;
 * the updates it holds are the generated update builders as given. {@link #none()} changes nothing.
 */
public final class HookResult {
    private static final HookResult NONE = new HookResult(null, null, null);

    private final List<Message> messages;
    private final StateUpdate update;
    private final JumpTo jump;

    private HookResult(List<Message> messages, StateUpdate update, JumpTo jump) {
        this.messages = messages;
        this.update = update;
        this.jump = jump;
    }

    /**
     * No change and no jump.
     *
     * @return the empty result
     */
    public static HookResult none() {
        return NONE;
    }

    /**
     * Writes these messages to the conversation.
     *
     * @param messages the messages, merged by id
     * @return the result
     */
    public static HookResult messages(List<Message> messages) {
        return NONE.withMessages(messages);
    }

    /**
     * Writes these messages to the conversation.
     *
     * @param messages the messages, merged by id
     * @return the result
     */
    public static HookResult messages(Message... messages) {
        return messages(Arrays.asList(messages));
    }

    /**
     * Writes an update of the middleware's state (or of any record of the agent's state).
     *
     * @param update the generated update
     * @return the result
     */
    public static HookResult update(StateUpdate update) {
        return NONE.and(update);
    }

    /**
     * Goes to {@code target} next; the hook must declare it in {@code canJumpTo}.
     *
     * @param target where to go
     * @return the result
     */
    public static HookResult jumpTo(JumpTo target) {
        return NONE.withJump(target);
    }

    /**
     * This result with these messages written too (after any it already writes).
     *
     * @param more the messages
     * @return a new result
     */
    public HookResult withMessages(List<Message> more) {
        Objects.requireNonNull(more, "messages");
        List<Message> all = new ArrayList<>(messages == null ? List.of() : messages);
        for (Message m : more) {
            all.add(Objects.requireNonNull(m, "a message"));
        }
        return new HookResult(List.copyOf(all), update, jump);
    }

    /**
     * This result with an update of state records written too.
     *
     * @param more the update
     * @return a new result
     */
    public HookResult and(StateUpdate more) {
        Objects.requireNonNull(more, "update");
        return new HookResult(messages, update == null ? more : update.also(more), jump);
    }

    /**
     * This result with a jump.
     *
     * @param target where to go next
     * @return a new result
     */
    public HookResult withJump(JumpTo target) {
        return new HookResult(messages, update, Objects.requireNonNull(target, "target"));
    }

    /**
     * The messages to write.
     *
     * @return the messages; empty when none
     */
    public List<Message> messages() {
        return messages == null ? List.of() : messages;
    }

    /**
     * The update of state records to write.
     *
     * @return the update, if any
     */
    public Optional<StateUpdate> update() {
        return Optional.ofNullable(update);
    }

    /**
     * Where to go next instead of the next step.
     *
     * @return the target, if the hook jumps
     */
    public Optional<JumpTo> jump() {
        return Optional.ofNullable(jump);
    }

    @Override
    public String toString() {
        return "HookResult[messages=" + messages() + ", update=" + update + ", jump=" + jump + "]";
    }
}
