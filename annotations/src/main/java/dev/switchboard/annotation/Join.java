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
     * The nodes to wait for, each once: a name listed twice is a compile error, as it is usually a
     * typo for the branch that is missing.
     *
     * @return two or more node names
     */
    String[] value();
}
