package dev.switchboard.runtime;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * A generative UI message, LangGraph's {@code UIMessage}: a component for the client to render by
 * {@code name} with {@code props}, kept in a state component reduced by {@link
 * dev.switchboard.runtime.reducer.UiMessages} (LangGraph's {@code ui} key and {@code
 * ui_message_reducer}) and streamed as a {@code custom} event, where {@code useStream}'s UI helpers
 * find it. A message with the {@code id} of one already shown replaces it, or with {@link #merge()}
 * merges its props into it; {@link #remove(String)} makes the removal ({@code RemoveUIMessage}).
 * Push one from a node with {@link NodeContext#pushUi(UiMessage)}.
 *
 * @param type {@code "ui"}, or {@code "remove-ui"} for a removal
 * @param id the message's id
 * @param name the component's name (null for a removal)
 * @param props the component's props (empty for a removal)
 * @param metadata LangGraph's metadata: {@code merge}, {@code run_id}, the id of the chat message
 *     it belongs to ({@code message_id}), and any of the caller's own
 */
// LangGraph's JSON has no empty fields: a removal is {type, id}
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record UiMessage(String type, String id, String name, Map<String, Object> props, Map<String, Object> metadata) {
    /** The type of a UI message. */
    public static final String UI = "ui";
    /** The type of a removal. */
    public static final String REMOVE = "remove-ui";

    /**
     * Checks the fields; maps are copied, unmodifiable.
     *
     * @param type the type
     * @param id the id
     * @param name the name
     * @param props the props
     * @param metadata the metadata
     */
    public UiMessage {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(id, "id");
        if (!type.equals(UI) && !type.equals(REMOVE)) {
            throw new IllegalArgumentException("a UI message's type is \"ui\" or \"remove-ui\", was \"" + type + "\"");
        }
        if (type.equals(UI)) {
            Objects.requireNonNull(name, "name");
        }
        props = copy(props);
        metadata = copy(metadata);
    }

    private static Map<String, Object> copy(Map<String, Object> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    /**
     * A component to show, with a fresh id.
     *
     * @param name the component's name
     * @param props its props
     * @return the message
     */
    public static UiMessage of(String name, Map<String, Object> props) {
        return new UiMessage(UI, UUID.randomUUID().toString(), name, props, Map.of());
    }

    /**
     * The removal of the UI message {@code id}.
     *
     * @param id the id of the message to remove
     * @return the removal
     */
    public static UiMessage remove(String id) {
        return new UiMessage(REMOVE, id, null, Map.of(), Map.of());
    }

    /**
     * This message with another id: a message with the id of one shown replaces it.
     *
     * @param newId the id
     * @return the message
     */
    public UiMessage withId(String newId) {
        return new UiMessage(type, newId, name, props, metadata);
    }

    /**
     * This message merging its props into those of the message with its id instead of replacing
     * them ({@code metadata.merge}).
     *
     * @return the message
     */
    public UiMessage merging() {
        return withMetadata(Map.of("merge", true));
    }

    /**
     * Whether this message merges its props into the one with its id.
     *
     * @return {@code metadata.merge}
     */
    public boolean merge() {
        return Boolean.TRUE.equals(metadata.get("merge"));
    }

    /**
     * This message tied to a chat message ({@code metadata.message_id}), so a client shows it with
     * that message.
     *
     * @param messageId the chat message's id
     * @return the message
     */
    public UiMessage forMessage(String messageId) {
        return withMetadata(Map.of("message_id", messageId));
    }

    /**
     * This message with more metadata.
     *
     * @param more the entries to add (replacing those of the same keys)
     * @return the message
     */
    public UiMessage withMetadata(Map<String, Object> more) {
        Map<String, Object> m = new LinkedHashMap<>(metadata);
        m.putAll(more);
        return new UiMessage(type, id, name, props, m);
    }

    /**
     * Whether this is a removal.
     *
     * @return true for {@code "remove-ui"}
     */
    public boolean removes() {
        return type.equals(REMOVE);
    }
}
