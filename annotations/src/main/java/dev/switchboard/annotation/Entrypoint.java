package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the method that a functional workflow runs: LangGraph's {@code entrypoint}. Its class's
 * {@link Task} methods are the units of work it calls; the processor generates {@code
 * <Class>Workflow}, a compiled graph on the same runtime as a {@code StateGraph} (checkpoints,
 * interrupts, streaming, durability, policies, the store, the server), and {@code <Class>Tasks},
 * through which the entrypoint calls its tasks. A run is one superstep whose state is the method's
 * return value.
 *
 * <p>The method takes the run's input first (any type the checkpointer can store), then, in any
 * order and each optional: the generated {@code <Class>Tasks}, a {@code NodeContext} (interrupts,
 * custom stream events, the store, durable steps) and a {@link Previous} parameter, the value the
 * last run on the thread saved. It returns the output, or a {@code Final} to return one value and
 * save another for the next run. A {@link Retry} or {@link Timeout} on it applies to the whole
 * entrypoint. One method per class.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Entrypoint {
    /**
     * The workflow's name, which is also the name of its single node.
     *
     * @return the name; empty means the method's name
     */
    String name() default "";
}
