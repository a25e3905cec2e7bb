package dev.switchboard.runtime.channel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Collects the values published to it: every write is added (a written {@code List} adds its
 * elements). Unless it accumulates, a superstep clears the values of the previous one.
 */
final class Topic extends Channel {
    private final boolean accumulate;
    private List<Object> values = List.of();

    /**
     * Creates an empty topic.
     *
     * @param name the channel name
     * @param accumulate whether values are kept across supersteps
     */
    public Topic(String name, boolean accumulate) {
        super(name);
        this.accumulate = accumulate;
    }

    @Override
    public boolean update(List<?> written) {
        boolean updated = false;
        List<Object> next = values;
        if (!accumulate) {
            updated = !values.isEmpty();
            next = List.of();
        }
        if (!written.isEmpty()) {
            List<Object> grown = new ArrayList<>(next.size() + written.size()); // sized once: a fan-out's sends
            grown.addAll(next);
            for (int i = 0; i < written.size(); i++) { // indexed: the loop's scratch list, no iterator
                Object v = written.get(i);
                if (v instanceof List<?> l) {
                    grown.addAll(l);
                } else {
                    grown.add(v);
                }
            }
            if (grown.size() > next.size()) {
                updated = true;
                next = Collections.unmodifiableList(grown);
            }
        }
        values = next;
        return updated;
    }

    @Override
    public Object get() {
        if (values.isEmpty()) {
            throw empty();
        }
        return values;
    }

    @Override
    public boolean isAvailable() {
        return !values.isEmpty();
    }

    @Override
    public Object checkpoint() {
        return values.isEmpty() ? MISSING : values;
    }

    @Override
    public void restore(Object stored) {
        values = Collections.unmodifiableList(new ArrayList<>((List<?>) stored));
    }

    @Override
    public Channel copy() {
        Topic c = new Topic(name(), accumulate);
        c.values = values;
        return c;
    }
}
