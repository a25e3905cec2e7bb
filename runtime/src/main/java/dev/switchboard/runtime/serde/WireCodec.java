package dev.switchboard.runtime.serde;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The form a {@link ValueCodec}'s values take for clients of LangGraph's HTTP API (its SDKs,
 * Studio, {@code useStream}), when that differs from how they are stored: chat messages, say, are
 * stored with a tag of their own but shown and read as LangGraph's message JSON. A codec that
 * implements this interface too has its values written in this form wherever Switchboard's server
 * puts state on the wire (values, updates, state, history, run results) and read from it in
 * inputs, commands and state updates. Reading is lenient where LangGraph's is (other spellings a
 * client may send); what it cannot read is a {@link SerdeException} naming what was expected.
 * Implementations are stateless and thread-safe, as codecs are.
 *
 * @param <T> the type the codec stores
 */
public interface WireCodec<T> extends ValueCodec<T> {
    /**
     * Writes a value in its client form.
     *
     * @param value the value, never {@code null}
     * @param nodes a factory for the tree's nodes
     * @return the tree
     */
    JsonNode toWire(T value, JsonNodeFactory nodes);

    /**
     * Reads a value a client sent.
     *
     * @param node the tree, never JSON {@code null}
     * @return the value
     * @throws SerdeException if the tree is not a form of this type
     */
    T fromWire(JsonNode node);

    /**
     * Whether the values are chat messages, which LangGraph's {@code messages} stream mode reports
     * as {@code messages/complete} when they first appear in the state.
     *
     * @return {@code true} for chat messages
     */
    default boolean chatMessages() {
        return false;
    }
}
