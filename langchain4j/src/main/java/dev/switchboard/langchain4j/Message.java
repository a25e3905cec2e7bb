package dev.switchboard.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.annotation.Codec;
import java.util.Objects;

/**
 * A LangChain4j {@link ChatMessage} with the id LangGraph's {@code add_messages} merges by, or a
 * removal: {@link #remove(String)} deletes the message with that id, {@link #removeAll()} clears
 * the list. LangChain4j messages carry no id, so a state holds these envelopes: declare
 * {@code @Reducer(AddMessages.class) List<Message> messages}. A message written without an id
 * ({@link #of(ChatMessage)}) gets a random UUID when {@link AddMessages} applies it; write one with
 * an existing id ({@link #of(String, ChatMessage)}) to replace that message in place.
 *
 * <p>Stored by {@link MessageCodec} (no class names, a closed set of tags). Immutable; equal when
 * id, removal flag and chat message are equal.
 */
@Codec(MessageCodec.class)
public final class Message {
    /** The id of the {@link #removeAll()} marker, LangGraph's {@code REMOVE_ALL_MESSAGES}. */
    public static final String REMOVE_ALL = "__remove_all__";

    private final String id;
    private final ChatMessage chat;

    private Message(String id, ChatMessage chat) {
        this.id = id;
        this.chat = chat;
    }

    /**
     * A message without an id yet; {@link AddMessages} gives it one when it is written.
     *
     * @param chat the chat message
     * @return the message
     */
    public static Message of(ChatMessage chat) {
        return new Message(null, Objects.requireNonNull(chat, "chat"));
    }

    /**
     * A message with an id: written where a message of that id exists, it replaces it in place.
     *
     * @param id the id, not empty
     * @param chat the chat message
     * @return the message
     */
    public static Message of(String id, ChatMessage chat) {
        return new Message(checkId(id), Objects.requireNonNull(chat, "chat"));
    }

    /**
     * A user message without an id.
     *
     * @param text the text
     * @return the message
     */
    public static Message user(String text) {
        return of(UserMessage.from(text));
    }

    /**
     * A system message without an id.
     *
     * @param text the text
     * @return the message
     */
    public static Message system(String text) {
        return of(SystemMessage.from(text));
    }

    /**
     * An AI message without an id.
     *
     * @param text the text
     * @return the message
     */
    public static Message ai(String text) {
        return of(AiMessage.from(text));
    }

    /**
     * LangGraph's {@code RemoveMessage(id)}: written to a messages list, deletes the message with
     * that id; {@link AddMessages} fails if there is none.
     *
     * @param id the id of the message to delete
     * @return the removal
     */
    public static Message remove(String id) {
        return new Message(checkId(id), null);
    }

    /**
     * LangGraph's {@code RemoveMessage(REMOVE_ALL_MESSAGES)}: written to a messages list, drops every
     * message before it, those of the same update included.
     *
     * @return the marker
     */
    public static Message removeAll() {
        return remove(REMOVE_ALL);
    }

    private static String checkId(String id) {
        Objects.requireNonNull(id, "id");
        if (id.isEmpty()) {
            throw new IllegalArgumentException("a message id must not be empty");
        }
        return id;
    }

    /**
     * The id, or {@code null} for a message not yet written.
     *
     * @return the id
     */
    public String id() {
        return id;
    }

    /**
     * The chat message, or {@code null} for a removal.
     *
     * @return the chat message
     */
    public ChatMessage chat() {
        return chat;
    }

    /**
     * Whether this is a removal ({@link #remove(String)} or {@link #removeAll()}).
     *
     * @return {@code true} for a removal
     */
    public boolean isRemoval() {
        return chat == null;
    }

    /**
     * Whether this is the {@link #removeAll()} marker.
     *
     * @return {@code true} for the marker
     */
    public boolean isRemoveAll() {
        return chat == null && REMOVE_ALL.equals(id);
    }

    /**
     * This message under another id.
     *
     * @param newId the id
     * @return the message with that id
     */
    public Message withId(String newId) {
        return new Message(checkId(newId), chat);
    }

    /**
     * The AI message this holds, or {@code null} if it holds another kind.
     *
     * @return the AI message
     */
    public AiMessage ai() {
        return chat instanceof AiMessage a ? a : null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Message m && Objects.equals(id, m.id) && Objects.equals(chat, m.chat);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, chat);
    }

    @Override
    public String toString() {
        return isRemoval() ? "Remove[" + id + "]" : "Message[" + id + ", " + chat + "]";
    }
}
