package dev.switchboard.conformance;

import java.util.Map;
import java.util.TreeMap;

/**
 * How often each node ran, counted across a graph and its subgraphs, as the JS scenarios'
 * {@code counters()} helper does. One per test: the graphs' node objects share it.
 */
public final class Runs {
    private final Map<String, Integer> counts = new TreeMap<>();

    /** Counts one run of {@code name}. */
    public synchronized void hit(String name) {
        counts.merge(name, 1, Integer::sum);
    }

    /** The counts so far, by name in code-point order (as {@code counters().get()} sorts them). */
    public synchronized Map<String, Integer> get() {
        return new TreeMap<>(counts);
    }
}
