package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A barrier into the annotated {@link Node}: it runs once after <em>all</em> of the named nodes
 * have run, in whatever supersteps they ran.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Join {
    /**
     * The nodes to wait for.
     *
     * @return two or more node names
     */
    String[] value();
}
