package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;

/**
 * {@link UntrackedValue}: a value never checkpointed.
 *
 * @param name the channel name
 * @param type the value type
 * @param guard whether several writes in one superstep are an error
 */
public record UntrackedSpec(String name, ValueType type, boolean guard) implements ChannelSpec {
    /**
     * Checks the fields.
     *
     * @param name the channel name
     * @param type the value type
     * @param guard whether several writes per superstep are an error
     */
    public UntrackedSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /**
     * The same channel keeping one of several writes instead of rejecting them.
     *
     * @return the spec
     */
    public UntrackedSpec unguarded() {
        return new UntrackedSpec(name, type, false);
    }

    @Override
    public Kind kind() {
        return Kind.UNTRACKED;
    }

    @Override
    public String toString() {
        return ChannelSpec.describe(this);
    }

    @Override
    public Channel create() {
        return new UntrackedValue(name, guard);
    }

    @Override
    public boolean sameDefinition(ChannelSpec other) {
        return other instanceof UntrackedSpec o && name.equals(o.name) && guard == o.guard;
    }

    @Override
    public boolean tracked() {
        return false;
    }
}
