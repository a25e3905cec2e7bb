package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The tag a record is stored under when a state component holds it through a sealed interface.
 * Without it the tag is the record's simple name, so renaming the record would leave checkpoints
 * written before the rename unreadable; put {@code @Tag("OldName")} on the renamed record to keep
 * reading them. Tags are unique within each sealed interface, which the processor checks.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Tag {
    /**
     * The stored tag.
     *
     * @return a non-empty tag, unique among the records of the sealed interface
     */
    String value();
}
