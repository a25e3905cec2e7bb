package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a state record component a reducer channel: writes are combined with the current value by
 * the given class, which implements {@code dev.switchboard.runtime.reducer.ReduceFunction<T>} for the
 * component's type and has a no-argument constructor. Same-step writes are applied in task order.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface Reducer {
    /**
     * The reducer class, for example {@code Append.class} or {@code Sum.class}.
     *
     * @return the reducer implementation
     */
    Class<?> value();
}
