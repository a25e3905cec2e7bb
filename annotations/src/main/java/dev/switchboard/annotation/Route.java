package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A conditional edge: after node {@link #from()} runs, the annotated method picks where to go.
 *
 * <p>The method takes the state record (seeing the source node's own writes, not those of its
 * parallel siblings), optionally followed by a {@code NodeContext}, and returns a node name
 * ({@code String}), an {@code enum} whose constants name nodes, a {@code Send}, or a collection of
 * these. Returning a name outside {@link #to()} fails the run.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Route {
    /**
     * The source node.
     *
     * @return the name of the node this route follows, or {@link Graph#START}
     */
    String from();

    /**
     * The possible destinations, which may include {@link Graph#END}. May be omitted when the
     * method returns an {@code enum}: its constants are the destinations.
     *
     * @return the node names the route may return or send to
     */
    String[] to() default {};
}
