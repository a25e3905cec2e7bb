/**
 * The Switchboard DSL: annotations on a state record and on node methods, read by the
 * Switchboard annotation processor at compile time.
 *
 * <p>A state record declares the channels ({@link dev.switchboard.annotation.Reducer},
 * {@link dev.switchboard.annotation.Managed}, {@link dev.switchboard.annotation.Untracked},
 * {@link dev.switchboard.annotation.Channel}); a class with {@link dev.switchboard.annotation.Node}
 * methods is a graph, wired by {@link dev.switchboard.annotation.Edge},
 * {@link dev.switchboard.annotation.Join} and {@link dev.switchboard.annotation.Route}. All
 * annotations have {@code CLASS} retention so that a state record compiled into another module's
 * jar keeps its channel declarations.
 */
package dev.switchboard.annotation;
