package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the hook of a {@link Middleware} class that runs Once per run, before anything else (LangChain's {@code beforeAgent}), as a graph node of its own. See
 * {@link Middleware} for the parameters and results a hook may have.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface BeforeAgent {
    /**
     * Where the hook may send the agent instead of the next step; a jump elsewhere fails the run.
     *
     * @return the allowed targets; none by default
     */
    JumpTo[] canJumpTo() default {};
}
