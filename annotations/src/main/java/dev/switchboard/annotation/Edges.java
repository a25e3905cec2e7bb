package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The container of repeated {@link Edge} annotations; write the {@code @Edge}s directly instead. */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Edges {
    /**
     * The repeated edges.
     *
     * @return the edges, in source order
     */
    Edge[] value();
}
