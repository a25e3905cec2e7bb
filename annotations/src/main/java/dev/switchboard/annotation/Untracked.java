package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a state record component an untracked channel: it keeps its last value during a run like a
 * plain field, but it is never written to a checkpoint, so a resumed run starts without it. Use it
 * for caches, handles and traces that must not be persisted.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface Untracked {
    /**
     * Whether two writes in one superstep are an error; without the guard the last write in task
     * order wins.
     *
     * @return {@code true} to reject concurrent writes
     */
    boolean guard() default true;
}
