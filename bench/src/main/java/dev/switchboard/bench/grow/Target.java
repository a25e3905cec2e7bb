package dev.switchboard.bench.grow;

/**
 * The state of W3 with its length in the state: a counter the agent increments until it reaches
 * {@code until}.
 *
 * @param counter the last value written
 * @param until the number of agent runs, and supersteps, the run makes
 */
public record Target(int counter, int until) {}
