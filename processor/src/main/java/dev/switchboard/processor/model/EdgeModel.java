package dev.switchboard.processor.model;

/**
 * An {@code @Edge(from = ...)} on a node.
 *
 * @param from the source, where it was written
 * @param to the node it is on
 */
public record EdgeModel(NameRef from, String to) {}
