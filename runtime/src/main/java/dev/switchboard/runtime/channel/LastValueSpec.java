package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;

/**
 * {@link LastValue}: the last write wins, one write per superstep.
 *
 * @param name the channel name
 * @param type the value type
 */
public record LastValueSpec(String name, ValueType type) implements ChannelSpec {
    /**
     * Checks the fields.
     *
     * @param name the channel name
     * @param type the value type
     */
    public LastValueSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    @Override
    public Kind kind() {
        return Kind.LAST_VALUE;
    }

    @Override
    public String toString() {
        return ChannelSpec.describe(this);
    }

    @Override
    public Channel create() {
        return new LastValue(name);
    }

    @Override
    public boolean sameDefinition(ChannelSpec other) {
        return other instanceof LastValueSpec o && name.equals(o.name);
    }
}
