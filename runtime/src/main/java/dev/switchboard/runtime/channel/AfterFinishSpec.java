package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.serde.DecodeBudget;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link LastValueAfterFinish}: the last value, available once the graph finishes. Stored as
 * {@code {"value": …, "finished": …}}.
 *
 * @param name the channel name
 * @param type the value type
 */
public record AfterFinishSpec(String name, ValueType type) implements ChannelSpec {
    /**
     * Checks the fields.
     *
     * @param name the channel name
     * @param type the value type
     */
    public AfterFinishSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    @Override
    public Kind kind() {
        return Kind.LAST_VALUE_AFTER_FINISH;
    }

    @Override
    public String toString() {
        return ChannelSpec.describe(this);
    }

    @Override
    public Channel create() {
        return new LastValueAfterFinish(name);
    }

    @Override
    public boolean sameDefinition(ChannelSpec other) {
        return other instanceof AfterFinishSpec o && name.equals(o.name);
    }

    @Override
    public boolean waitsForFinish() {
        return true;
    }

    @Override
    public byte[] encodeValue(JsonSerde serde, Object value) {
        Finishable f = (Finishable) value;
        ObjectNode n = serde.nodes().objectNode();
        n.set("value", serde.toTree(type, f.value()));
        n.put("finished", f.finished());
        return serde.encodeTree(n);
    }

    @Override
    public Object decodeValue(JsonSerde serde, byte[] data, DecodeBudget budget) {
        JsonNode n = serde.decodeTree(data, budget);
        return new Finishable(
                serde.fromTree(type, n.path("value")), n.path("finished").asBoolean());
    }
}
