package dev.switchboard.runtime.channel;

/**
 * The stored form of an after-finish channel (the one deferred nodes are triggered through): the
 * held value and whether the graph has finished since it was written. Public because a checkpoint
 * stores it; the channel itself is not.
 *
 * @param value the held value
 * @param finished whether it has been made available
 */
public record Finishable(Object value, boolean finished) {}
