package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method that handles the failure of a node (after its retries): it takes the node's
 * input and the exception (optionally followed by a {@code NodeContext}) and returns what the node
 * would have returned, an update or a {@code Command}, so that a failure becomes a state change
 * instead of failing the run. If it throws, the run fails with that exception.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface OnError {
    /**
     * The node whose failures this method handles.
     *
     * @return the node name
     */
    String value();
}
