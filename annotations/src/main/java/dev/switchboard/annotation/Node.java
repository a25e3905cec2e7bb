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

    /**
     * The name this node had in the previous version of the graph ({@link Graph#version()}), when
     * it was renamed: checkpoints written by that version that wait for the old name (a paused
     * thread's next node, its pending tasks and {@code Send}s, the versions it has seen) read as
     * waiting for this node. Without it a renamed node is a removed node plus an added one, and a
     * thread paused before the old name cannot resume.
     *
     * @return the previous name; empty when the node was not renamed
     */
    String renamedFrom() default "";
}
