package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;

/**
 * {@link EphemeralValue}: a value for one superstep.
 *
 * @param name the channel name
 * @param type the value type
 * @param guard whether several writes in one superstep are an error
 */
public record EphemeralSpec(String name, ValueType type, boolean guard) implements ChannelSpec {
    /**
     * Checks the fields.
     *
     * @param name the channel name
     * @param type the value type
     * @param guard whether several writes per superstep are an error
     */
    public EphemeralSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /**
     * The same channel keeping one of several writes instead of rejecting them.
     *
     * @return the spec
     */
    public EphemeralSpec unguarded() {
        return new EphemeralSpec(name, type, false);
    }

    @Override
    public Kind kind() {
        return Kind.EPHEMERAL;
    }

    @Override
    public String toString() {
        return ChannelSpec.describe(this);
    }

    @Override
    public Channel create() {
        return new EphemeralValue(name, guard);
    }

    @Override
    public boolean sameDefinition(ChannelSpec other) {
        return other instanceof EphemeralSpec o && name.equals(o.name) && guard == o.guard;
    }

    @Override
    public boolean clearsWithoutWrites() {
        return true;
    }
}
