package dev.switchboard.samples.memory;

/**
 * What the agent remembers about a user, stored as a typed value.
 *
 * @param drink the drink the user said they like
 */
public record Preference(String drink) {}
