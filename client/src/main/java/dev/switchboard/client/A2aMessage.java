package dev.switchboard.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A user message to an A2A agent: text and data parts, in a conversation ({@link #contextId}) and,
 * to answer a task that asked for input, that task ({@link #taskId}). Fluent and immutable.
 *
 * <pre>{@code
 * A2aMessage.text("Book a table for tonight").contextId(conversation)
 * A2aMessage.data(Map.of("people", 4)).contextId(conversation).taskId(pausedTask)
 * }</pre>
 *
 * @param parts each part: a {@code String} (text) or a JSON tree (data)
 * @param contextId the conversation, or {@code null} for a new one
 * @param taskId the task answered, or {@code null} for a new task
 */
public record A2aMessage(List<Object> parts, String contextId, String taskId) {

    /**
     * Copies the parts.
     *
     * @param parts each part: a {@code String} (text) or a JSON tree (data)
     * @param contextId the conversation, or {@code null}
     * @param taskId the task answered, or {@code null}
     */
    public A2aMessage {
        parts = List.copyOf(parts);
    }

    /**
     * A message of one text part.
     *
     * @param text the text
     * @return the message
     */
    public static A2aMessage text(String text) {
        return new A2aMessage(List.of(Objects.requireNonNull(text, "text")), null, null);
    }

    /**
     * A message of one data part.
     *
     * @param data a JSON object: a map, record or tree
     * @return the message
     */
    public static A2aMessage data(Object data) {
        return new A2aMessage(List.of(Http.tree(data)), null, null);
    }

    /**
     * This message with another text part.
     *
     * @param text the text
     * @return the new message
     */
    public A2aMessage andText(String text) {
        List<Object> more = new ArrayList<>(parts);
        more.add(Objects.requireNonNull(text, "text"));
        return new A2aMessage(more, contextId, taskId);
    }

    /**
     * This message in a conversation.
     *
     * @param contextId the context id an earlier reply gave
     * @return the new message
     */
    public A2aMessage contextId(String contextId) {
        return new A2aMessage(parts, contextId, taskId);
    }

    /**
     * This message as the answer to a task waiting for input.
     *
     * @param taskId the task's id
     * @return the new message
     */
    public A2aMessage taskId(String taskId) {
        return new A2aMessage(parts, contextId, taskId);
    }

    /** The message's JSON in a dialect, with a fresh message id. */
    ObjectNode json(A2aDialect dialect) {
        ObjectNode m = Http.object();
        if (dialect == A2aDialect.V0_3) {
            m.put("kind", "message");
        }
        m.put("messageId", UUID.randomUUID().toString());
        m.put("role", dialect.userRole());
        var array = m.putArray("parts");
        for (Object p : parts) {
            array.add(p instanceof String s ? dialect.textPart(s) : dialect.dataPart((JsonNode) p));
        }
        if (contextId != null) {
            m.put("contextId", contextId);
        }
        if (taskId != null) {
            m.put("taskId", taskId);
        }
        return m;
    }
}
