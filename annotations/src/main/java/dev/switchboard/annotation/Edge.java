package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A static edge into the annotated {@link Node}: after node {@link #from()} runs, this node runs
 * in the next superstep. Repeat it for several sources; the node then runs after any of them, once
 * per superstep however many fired. Use {@link Join} to wait for all of them instead.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
@Repeatable(Edges.class)
public @interface Edge {
    /**
     * The source node.
     *
     * @return the name of the node this edge leaves, or {@link Graph#START}
     */
    String from();
}
