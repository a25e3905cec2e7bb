package dev.switchboard.runtime.managed;

import dev.switchboard.runtime.RunConfig;

/**
 * A hand-made context. {@code stop} is LangGraph's: the first step plus the recursion limit plus
 * one, so a fresh run with the default limit of 25 whose first loop step is 0 stops at 26.
 */
record FixedContext(int step, int stop, RunConfig config) implements ManagedContext {
    static ManagedContext at(int step, int stop) {
        return new FixedContext(step, stop, RunConfig.defaults());
    }
}
