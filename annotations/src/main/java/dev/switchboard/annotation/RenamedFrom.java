package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a state record component: the name the component (and so its channel) had in the previous
 * version of the graph ({@link Graph#version()}). Checkpoints written by that version read their
 * value of the old channel as this component's value, and their pending writes to it as writes to
 * this one. Without it a renamed component is a removed component plus an added one, and its stored
 * values are dropped.
 *
 * <p>For a component of a record nested in the state (not a channel), use Jackson's
 * {@code @JsonAlias("old")}, which the runtime's serde reads.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface RenamedFrom {
    /**
     * The previous name.
     *
     * @return the component's name in the previous version
     */
    String value();
}
