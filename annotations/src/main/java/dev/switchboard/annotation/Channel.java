package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Chooses a channel kind other than the defaults for a state record component (a plain component
 * is a {@link ChannelKind#LAST_VALUE}; use {@link Reducer}, {@link Untracked} or {@link Managed}
 * for those kinds).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface Channel {
    /**
     * The channel kind.
     *
     * @return the kind
     */
    ChannelKind value();

    /**
     * For {@link ChannelKind#TOPIC}: keep values across supersteps instead of clearing them.
     *
     * @return {@code true} to accumulate
     */
    boolean accumulate() default false;

    /**
     * For {@link ChannelKind#EPHEMERAL}: reject two writes in one superstep.
     *
     * @return {@code true} to reject concurrent writes
     */
    boolean guard() default true;
}
