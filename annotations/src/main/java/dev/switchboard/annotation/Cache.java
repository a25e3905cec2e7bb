package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Caches a {@link Node}'s writes by its input, as LangGraph's {@code CachePolicy}: a task whose
 * input was seen before (within the time to live) reuses the writes instead of running the node.
 * The cache store is the graph builder's ({@code .cache(...)}), in memory by default.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Cache {
    /**
     * How long an entry stays valid.
     *
     * @return seconds; 0 means forever
     */
    long ttlSeconds() default 0;
}
