package dev.switchboard.bench.loop;

/**
 * The state of W3: one counter, overwritten by each run of the agent.
 *
 * @param counter the last value written
 */
public record Counter(int counter) {}
