package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a state record component a managed value: computed by the runtime for each task (for
 * example the remaining step budget), read-only for nodes, never stored in checkpoints. The class
 * implements {@code dev.switchboard.runtime.managed.ManagedValue<T>} for the component's type and
 * has a no-argument constructor.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface Managed {
    /**
     * The managed value, for example {@code RemainingSteps.class}.
     *
     * @return the managed value implementation
     */
    Class<?> value();
}
