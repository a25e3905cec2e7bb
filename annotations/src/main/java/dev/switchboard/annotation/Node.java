package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a node of the graph formed by its class.
 *
 * <p>The method takes the state record (or a {@code Send} payload type, or a record that reads a
 * subset of the channels), optionally followed by a {@code NodeContext}, and returns the state's
 * generated update type, a {@code Command} of it, {@code void}, or a {@code CompletableFuture} of
 * one of these.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Node {
    /**
     * The node's name.
     *
     * @return the name; empty means the method's name
     */
    String name() default "";

    /**
     * Whether the node waits until the graph has nothing else to run before it runs.
     *
     * @return {@code true} for a deferred node
     */
    boolean defer() default false;

    /**
     * The nodes this node may send control to with a {@code Command}'s goto; they count as edges for
     * reachability checks and diagrams. Only a node that can return a {@code Command} (itself, its
     * {@code @OnError} handler, or a subgraph it runs) may declare them; on any other node they are
     * a compile error, since it could never go there.
     *
     * @return the possible {@code Command} targets
     */
    String[] destinations() default {};
}
