package dev.switchboard.runtime.pregel;

/**
 * A run's input as read back from a checkpoint: the writes it makes, by channel. The start task
 * applies it like the original update.
 */
record StoredInput(int[] channels, Object[] values) {}
