/**
 * The processor's model: plain records read from {@code Element}s (no JavaPoet, no
 * {@code Messager}). {@link dev.switchboard.processor.model.StateReader} reads state records,
 * {@link dev.switchboard.processor.model.GraphReader} reads graph classes and resolves which
 * records form a graph's state.
 */
package dev.switchboard.processor.model;
