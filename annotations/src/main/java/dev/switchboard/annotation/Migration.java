package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a static method of a graph class: converts the state stored by version {@link #from()} of the
 * graph ({@link Graph#version()}) into a later version's, for changes that renames and lossless
 * promotions cannot express (a component split in two, a {@code String} that became a record, a
 * reducer that changed).
 *
 * <p>The method takes one record whose components are the state channels of version {@code from}:
 * the same names, and types that version's stored values read as (the processor checks them
 * against {@code from}'s exported schema, {@code DIR/<graph>/<from>.json}). It returns the graph's
 * state record (the current version), or a record matching version {@code from + 1}'s state, from
 * which the later steps continue. The runtime applies it to every checkpoint of version
 * {@code from} it reads, including the earliest ones whose channels are still empty (their
 * components come as {@code null}, zero or an empty {@code Optional}); the result's components
 * become the channels' values, and pending writes to the channels whose stored type changed are
 * dropped, so the tasks that made them run again.
 *
 * <pre>{@code
 * @Migration(from = 1)
 * static Chat toV2(ChatV1 old) {
 *     return new Chat(old.messages(), new Topic(old.topic(), Optional.empty()));
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Migration {
    /**
     * The version whose stored state the method reads.
     *
     * @return a version older than the graph's
     */
    int from();
}
