package dev.switchboard.server;

import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.internal.GeneratedUpdate;
import dev.switchboard.runtime.internal.StateSchema;
import dev.switchboard.runtime.internal.WriteSink;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A state update decoded from request JSON: writes already converted to each channel's declared
 * type, by channel index of the graph's schema, as a generated update would write them.
 */
final class JsonUpdate extends StateUpdate implements GeneratedUpdate {
    private final StateSchema<?> schema;
    private final Map<Integer, Object> writes;

    JsonUpdate(StateSchema<?> schema, Map<Integer, Object> writes) {
        this.schema = schema;
        this.writes = writes;
    }

    @Override
    public StateSchema<?> schema() {
        return schema;
    }

    @Override
    public void writeTo(WriteSink sink) {
        writes.forEach(sink::write);
    }

    @Override
    protected void ownWrites(BiConsumer<String, Object> sink) {
        GeneratedUpdate.writesByName(this, sink);
    }
}
