package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the {@link Entrypoint} parameter that receives the value the last run on the thread saved:
 * its return value, or the {@code save} of the {@code Final} it returned; {@code null} on a
 * thread's first run and without a checkpointer. LangGraph's {@code previous}. Its type must be
 * the type the entrypoint saves.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Previous {}
