package dev.switchboard.runtime;

import dev.switchboard.runtime.internal.ComponentSpec;
import dev.switchboard.runtime.internal.StateSchema;
import dev.switchboard.runtime.internal.WriteSink;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The base of every generated {@code XxxUpdate}: a partial update of a state record, with a setter
 * per component that was written. Updates are mutable builders; build one per return.
 *
 * <p>An update of one record can carry updates of other records of the same graph with
 * {@link #also(StateUpdate)}, for example to write a private channel alongside the state.
 */
public abstract class StateUpdate {
    private StateUpdate also;

    /** For generated subclasses. */
    protected StateUpdate() {}

    /**
     * Not API: the record this update writes.
     *
     * @return the generated schema of the record
     */
    public abstract StateSchema<?> schema();

    /**
     * Not API: reports each written component of this update (not of {@link #also} updates).
     *
     * @param sink receives the writes
     */
    public abstract void writeTo(WriteSink sink);

    /**
     * Adds an update of another record of the same graph, applied together with this one.
     *
     * @param other the other update
     * @return this update
     */
    public StateUpdate also(StateUpdate other) {
        Objects.requireNonNull(other, "other");
        if (other == this) {
            throw new IllegalArgumentException("an update cannot carry itself");
        }
        StateUpdate last = this;
        while (last.also != null) {
            last = last.also;
        }
        last.also = other;
        return this;
    }

    /**
     * Not API: the next update carried with {@link #also(StateUpdate)}.
     *
     * @return the next update, or {@code null}
     */
    public final StateUpdate next() {
        return also;
    }

    /**
     * The writes of this update and of those it carries, by component name, in declaration order;
     * overwrites appear as {@link Overwrite} values.
     *
     * @return an unmodifiable map
     */
    public final Map<String, Object> writes() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (StateUpdate u = this; u != null; u = u.also) {
            List<ComponentSpec> components = u.schema().components();
            u.writeTo((component, value) -> out.put(components.get(component).name(), value));
        }
        return Collections.unmodifiableMap(out);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + writes();
    }
}
