package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a unit of work of a functional workflow: LangGraph's {@code task}. The {@link Entrypoint}
 * calls it through the generated {@code <Class>Tasks}, whose method of the same name and
 * parameters returns a {@code CompletableFuture} of the result and runs the body on the graph's
 * executor, so tasks can run in parallel. A finished call's result is recorded as a durable step of
 * the entrypoint's task: when the entrypoint runs again (resumed after an interrupt, retried, after
 * a crash) the call returns the recorded result without running the body, matched by name and call
 * order. A call that fails fails the run, even if the entrypoint catches the failure, as in
 * LangGraph; it runs again when the run is resumed.
 *
 * <p>The method takes storable parameters, optionally followed by a {@code NodeContext} (the
 * entrypoint's: interrupts, custom stream events, the store), and returns a storable result. It
 * may carry {@link Retry} (attempts of the body within one call) and {@link Timeout} (per attempt).
 * A task cannot call tasks: only the entrypoint gets the generated {@code <Class>Tasks}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Task {
    /**
     * The task's name, as streams and records show it.
     *
     * @return the name; empty means the method's name
     */
    String name() default "";
}
