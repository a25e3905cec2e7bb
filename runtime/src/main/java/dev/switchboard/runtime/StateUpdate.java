package dev.switchboard.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;

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
     * For generated subclasses: reports the components this update itself writes (not those of the
     * updates it carries), by name, in declaration order.
     *
     * @param sink receives each component name and written value
     */
    protected abstract void ownWrites(BiConsumer<String, Object> sink);

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
     * This update followed by the updates it carries ({@link #also(StateUpdate)}), in the order
     * they apply.
     *
     * @return an unmodifiable list, never empty
     */
    public final List<StateUpdate> chain() {
        if (also == null) {
            return List.of(this);
        }
        List<StateUpdate> chain = new ArrayList<>();
        for (StateUpdate u = this; u != null; u = u.also) {
            chain.add(u);
        }
        return Collections.unmodifiableList(chain);
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
            u.ownWrites(out::put);
        }
        return Collections.unmodifiableMap(out);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + writes();
    }
}
