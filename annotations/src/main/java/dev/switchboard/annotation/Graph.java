package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Optional settings for a graph class (any class with {@link Node} methods), and the home of the
 * {@link #START} and {@link #END} pseudo-node names.
 *
 * <p>Without this annotation the graph is named after the class, its state record is inferred from
 * the parameter of the nodes that run first, and its input and output are the whole state.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Graph {
    /** The pseudo-node every run starts from; use it in {@code @Edge(from = START)}. */
    String START = "__start__";

    /** The pseudo-node that ends a branch; use it in {@code @Route(to = {..., END})}. */
    String END = "__end__";

    /**
     * The graph's name, shown in diagrams, errors and stream events. When it is a Java identifier it
     * also names the generated class, {@code <Name>Graph} in the class's package (first letter upper
     * case: {@code "billing"} generates {@code BillingGraph}), instead of the
     * class's flattened name ({@code Outer.G} generates {@code Outer_GGraph}); use it when two graph
     * classes would generate the same name, which is a compile error.
     *
     * @return the name; empty means the simple name of the class
     */
    String name() default "";

    /**
     * What the graph does, in a sentence or two for people and models: the server gives it as the
     * assistant's description, the MCP tool's description and the A2A agent card's. Empty takes the
     * first paragraph of the class's javadoc.
     *
     * @return the description; empty means the class's javadoc, if any
     */
    String description() default "";

    /**
     * The state record. Needed only when nodes read different records (see {@link
     * #privateState()}); otherwise it is inferred.
     *
     * @return the state record class; {@code void.class} means inferred
     */
    Class<?> state() default void.class;

    /**
     * The record whose update type {@code invoke} accepts; its components must be channels of the
     * state. Keys outside it cannot be written by the input. Run as a subgraph node, the graph
     * starts from the parent's values of these channels only; the others start empty.
     *
     * @return the input record; {@code void.class} means the state record
     */
    Class<?> input() default void.class;

    /**
     * The record {@code invoke} returns; its components must be channels of the state. Run as a
     * subgraph node, the graph writes back to the parent only these channels, each through the
     * parent's reducer, so leave out a list the graph read from the parent unless the parent should
     * append it again.
     *
     * @return the output record; {@code void.class} means the state record
     */
    Class<?> output() default void.class;

    /**
     * Records whose components that are not in the state become private channels: channels that
     * nodes may read (by taking such a record as their parameter) and write (through its generated
     * update type), which are streamed but never part of the graph's input or output.
     *
     * @return the private-state records
     */
    Class<?>[] privateState() default {};

    /**
     * The run context: an object each run passes with {@code RunConfig.withContext(ctx)} (or the
     * generated {@code invoke(input, config, ctx)}) and that nodes receive by taking a parameter of
     * this type after their input (as LangGraph's {@code context_schema}): a user id, a tenant,
     * model settings, a client. It is never checkpointed. A run without it fails before its first
     * step; a subgraph node may run a graph that declares a context only if this graph declares one
     * of the same type or a subtype, which it then passes down.
     *
     * @return the context class; {@code void.class} means the graph takes none
     */
    Class<?> context() default void.class;

    /**
     * The version of what the graph stores: its channels (names, stored types, reducers), node
     * names, {@code Send} payload types and the tag tables of the sealed types they hold. Every
     * checkpoint records it. Bump it whenever any of these changes, and the runtime reads older
     * checkpoints through the renames ({@link RenamedFrom}, {@link Node#renamedFrom()}), lossless
     * promotions and {@link Migration}s that lead to this version; a checkpoint written by a newer
     * version is refused rather than misread.
     *
     * <p>With the processor option {@code -Aswitchboard.schemaLocation=DIR}, the processor writes
     * the stored schema of each version to {@code DIR/<binary class name>/<version>.json} (commit
     * it), fails the build when the graph's schema no longer matches the file of its version, and
     * checks that the change from the previous version's file is one old checkpoints survive.
     *
     * @return the version, from 1
     */
    int version() default 1;
}
