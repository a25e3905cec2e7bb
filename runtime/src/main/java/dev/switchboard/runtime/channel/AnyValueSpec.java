package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;

/**
 * {@link AnyValue}: several writes of one superstep may arrive, any one is kept.
 *
 * @param name the channel name
 * @param type the value type
 */
public record AnyValueSpec(String name, ValueType type) implements ChannelSpec {
    /**
     * Checks the fields.
     *
     * @param name the channel name
     * @param type the value type
     */
    public AnyValueSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    @Override
    public Kind kind() {
        return Kind.ANY_VALUE;
    }

    @Override
    public String toString() {
        return ChannelSpec.describe(this);
    }

    @Override
    public Channel create() {
        return new AnyValue(name);
    }

    @Override
    public boolean sameDefinition(ChannelSpec other) {
        return other instanceof AnyValueSpec o && name.equals(o.name);
    }

    @Override
    public boolean clearsWithoutWrites() {
        return true;
    }
}
