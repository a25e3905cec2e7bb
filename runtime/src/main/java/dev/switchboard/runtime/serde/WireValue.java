package dev.switchboard.runtime.serde;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A value that knows its form for clients of LangGraph's HTTP API, for values that go out but are
 * never read back or stored: a streamed token chunk, for instance, which a node emits in the
 * {@code MESSAGES} stream mode and LangGraph's clients expect as an {@code AIMessageChunk}.
 * Switchboard's server writes such a value with {@link #toWire}; other values are written by
 * Jackson as they are.
 */
public interface WireValue {
    /**
     * Writes this value in its client form.
     *
     * @param nodes a factory for the tree's nodes
     * @return the tree
     */
    JsonNode toWire(JsonNodeFactory nodes);
}
