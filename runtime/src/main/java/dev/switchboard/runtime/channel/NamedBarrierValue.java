package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.InvalidUpdateException;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A barrier: available once every one of a fixed set of names has been written (in any
 * supersteps), and reset when the node it triggers consumes it. {@code @Join} compiles to it. The
 * after-finish variant, used for deferred joins, additionally waits until the graph has nothing
 * else to run.
 */
final class NamedBarrierValue extends Channel {
    private final Set<String> names;
    private final boolean afterFinish;
    private Set<String> seen = new LinkedHashSet<>();
    private boolean finished;

    /**
     * Creates an empty barrier.
     *
     * @param name the channel name
     * @param names the names that must all be written
     * @param afterFinish whether to wait for the end of the graph as well
     */
    public NamedBarrierValue(String name, Set<String> names, boolean afterFinish) {
        super(name);
        this.names = Set.copyOf(names);
        this.afterFinish = afterFinish;
    }

    @Override
    public boolean update(List<?> values) {
        boolean updated = false;
        for (Object v : values) {
            if (!names.contains(v)) {
                throw new InvalidUpdateException(
                        "Invalid update for channel \"" + name() + "\": value " + v + " not in " + new TreeSet<>(names),
                        null);
            }
            updated |= seen.add((String) v);
        }
        return updated;
    }

    private boolean complete() {
        return seen.size() == names.size();
    }

    @Override
    public Object get() {
        if (!isAvailable()) {
            throw empty();
        }
        return null;
    }

    @Override
    public boolean isAvailable() {
        return complete() && (!afterFinish || finished);
    }

    @Override
    public boolean consume() {
        if (isAvailable()) {
            seen = new LinkedHashSet<>();
            finished = false;
            return true;
        }
        return false;
    }

    @Override
    public boolean finish() {
        if (afterFinish && !finished && complete()) {
            finished = true;
            return true;
        }
        return false;
    }

    @Override
    public Object checkpoint() {
        return new Seen(Collections.unmodifiableSet(new TreeSet<>(seen)), finished);
    }

    @Override
    public void restore(Object stored) {
        Seen s = (Seen) stored;
        seen = new LinkedHashSet<>(s.names());
        finished = s.finished();
    }

    @Override
    public Channel copy() {
        NamedBarrierValue c = new NamedBarrierValue(name(), names, afterFinish);
        c.seen = new LinkedHashSet<>(seen);
        c.finished = finished;
        return c;
    }

    /**
     * The stored form of a barrier.
     *
     * @param names the names seen so far
     * @param finished whether the after-finish variant has been released
     */
    public record Seen(Set<String> names, boolean finished) {}
}
