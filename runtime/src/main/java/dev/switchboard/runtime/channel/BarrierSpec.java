package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;
import java.util.Set;

/**
 * {@link NamedBarrierValue}: waits until every one of {@code names} has written. Its writes are
 * the writers' names.
 *
 * @param name the channel name
 * @param names the names that must all be written
 * @param afterFinish whether it also waits for the end of the graph
 */
public record BarrierSpec(String name, Set<String> names, boolean afterFinish) implements ChannelSpec {
    private static final ValueType SEEN = ValueType.of(NamedBarrierValue.Seen.class);
    private static final ValueType WRITER = ValueType.of(String.class);

    /**
     * Checks the fields.
     *
     * @param name the channel name
     * @param names the names that must all be written
     * @param afterFinish whether it also waits for the end of the graph
     */
    public BarrierSpec {
        Objects.requireNonNull(name, "name");
        names = Set.copyOf(names);
    }

    /**
     * The same barrier, released only once the graph has finished.
     *
     * @return the spec
     */
    public BarrierSpec waitingForFinish() {
        return new BarrierSpec(name, names, true);
    }

    @Override
    public ValueType type() {
        return SEEN;
    }

    @Override
    public ValueType writeType() {
        return WRITER;
    }

    @Override
    public Kind kind() {
        return Kind.NAMED_BARRIER;
    }

    @Override
    public String toString() {
        return ChannelSpec.describe(this);
    }

    @Override
    public Channel create() {
        return new NamedBarrierValue(name, names, afterFinish);
    }

    @Override
    public boolean sameDefinition(ChannelSpec other) {
        return other instanceof BarrierSpec o
                && name.equals(o.name)
                && names.equals(o.names)
                && afterFinish == o.afterFinish;
    }

    @Override
    public boolean acceptsNull() {
        return false;
    }

    @Override
    public boolean waitsForFinish() {
        return afterFinish;
    }
}
