package dev.switchboard.agent;

import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.spi.GeneratedUpdate;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.WriteSink;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The writes of the agent's own nodes to its built-in state, in the update form the runtime reads:
 * messages (merged by id) and the structured response. Built by the nodes, which know their agent's
 * schema; users write with {@code AgentStateUpdate} and their middleware's generated updates.
 */
final class AgentWrites extends StateUpdate implements GeneratedUpdate {
    private final AgentSchema<?> schema;
    private List<Message> messages;
    private Object structuredResponse;

    AgentWrites(AgentSchema<?> schema) {
        this.schema = schema;
    }

    AgentWrites messages(List<Message> value) {
        this.messages = List.copyOf(value);
        return this;
    }

    AgentWrites structuredResponse(Object value) {
        this.structuredResponse = value;
        return this;
    }

    @Override
    public StateSchema<?> schema() {
        return schema;
    }

    @Override
    public void writeTo(WriteSink sink) {
        if (messages != null) {
            sink.write(AgentSchema.MESSAGES, messages);
        }
        if (structuredResponse != null) {
            sink.write(schema.structuredIndex(), structuredResponse);
        }
    }

    @Override
    protected void ownWrites(BiConsumer<String, Object> sink) {
        GeneratedUpdate.writesByName(this, sink);
    }
}
