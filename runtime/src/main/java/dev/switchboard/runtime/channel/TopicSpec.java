package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;

/**
 * {@link Topic}: a list of the values published.
 *
 * @param name the channel name
 * @param type the value type, a {@code List} of the element type
 * @param accumulate whether values are kept across supersteps
 */
public record TopicSpec(String name, ValueType type, boolean accumulate) implements ChannelSpec {
    /**
     * Checks the fields.
     *
     * @param name the channel name
     * @param type the value type
     * @param accumulate whether values are kept across supersteps
     */
    public TopicSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /**
     * The same topic keeping its values across supersteps.
     *
     * @return the spec
     */
    public TopicSpec accumulating() {
        return new TopicSpec(name, type, true);
    }

    @Override
    public Kind kind() {
        return Kind.TOPIC;
    }

    @Override
    public String toString() {
        return ChannelSpec.describe(this);
    }

    @Override
    public Channel create() {
        return new Topic(name, accumulate);
    }

    @Override
    public boolean sameDefinition(ChannelSpec other) {
        return other instanceof TopicSpec o && name.equals(o.name) && accumulate == o.accumulate;
    }

    @Override
    public boolean acceptsNull() {
        return false;
    }

    @Override
    public boolean clearsWithoutWrites() {
        return !accumulate;
    }
}
