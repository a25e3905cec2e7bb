package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the hook of a {@link Middleware} class that wraps every model call (LangChain's {@code
 * wrapModelCall}): {@code ModelResponse m(ModelRequest request, ModelCallHandler handler)}. The first
 * middleware of an agent is outermost.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface WrapModelCall {}
