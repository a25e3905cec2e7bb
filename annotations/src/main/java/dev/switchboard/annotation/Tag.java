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
 * reading them, or change the tag and keep the old one in {@link #aliases()}. Tags and aliases are
 * unique within each sealed interface, which the processor checks.
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

    /**
     * Tags that older checkpoints stored this record under and that still read as it: keep the
     * previous tag here when you change {@link #value()}, or the tag of a removed record whose data
     * this record now reads. Only {@link #value()} is written.
     *
     * @return the further tags read as this record; unique within the sealed interface
     */
    String[] aliases() default {};
}
