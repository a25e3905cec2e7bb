package dev.switchboard.langchain4j;

import dev.switchboard.runtime.serde.ValueCodec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** Stores a ticket as its text. */
public final class TicketCodec implements ValueCodec<Ticket> {
    /** For the generated code. */
    public TicketCodec() {}

    @Override
    public Class<Ticket> type() {
        return Ticket.class;
    }

    @Override
    public JsonNode encode(Ticket t, JsonNodeFactory nodes) {
        return nodes.stringNode(t.text);
    }

    @Override
    public Ticket decode(JsonNode node) {
        return Ticket.of(node.asString());
    }
}
