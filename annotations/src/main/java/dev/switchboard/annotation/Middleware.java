package dev.switchboard.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a class an agent middleware (LangChain's {@code createMiddleware}): the processor generates
 * {@code <Class>Middleware} (nested classes flatten with {@code _}), a {@code
 * dev.switchboard.agent.AgentMiddleware} whose constructor takes the instance to call. Its hooks are
 * the class's methods annotated {@link BeforeAgent}, {@link BeforeModel}, {@link AfterModel}, {@link
 * AfterAgent}, {@link WrapModelCall} and {@link WrapToolCall}, called without reflection.
 *
 * <p>A middleware that keeps state names its state record with {@link #state()}: the record's
 * components become channels of every agent that uses the middleware (with their reducers), a hook
 * takes the record as a parameter to read them, and returns the record's generated update to write
 * them. A component may not be named like the agent's own channels ({@code messages}, {@code
 * structuredResponse}); two middleware of one agent share a component only when they declare it the
 * same way. A middleware that brings tools implements {@code dev.switchboard.agent.ToolProvider}.
 *
 * <p>Before/after hooks take, in any order, any of: {@code dev.switchboard.agent.AgentState} (the
 * agent's state), the state record, and {@code dev.switchboard.runtime.NodeContext}; they return
 * {@code void}, {@code dev.switchboard.agent.HookResult}, or the state record's generated update. A
 * {@link WrapModelCall} method is {@code ModelResponse m(ModelRequest, ModelCallHandler)}, a {@link
 * WrapToolCall} method {@code ToolResult m(ToolCallRequest, ToolCallHandler)}. Anything else is a
 * compile error on the offending element.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Middleware {
    /**
     * The middleware's name: its nodes are {@code <name>.before_model} and so on. The class's simple
     * name unless set; the generated class also takes a name, for middleware used twice in an agent.
     *
     * @return the name
     */
    String name() default "";

    /**
     * The record of the state the middleware keeps, or {@code void.class} for none.
     *
     * @return the state record
     */
    Class<?> state() default void.class;
}
