package dev.switchboard.agent;

import dev.switchboard.annotation.JumpTo;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.spi.StateSchema;
import java.util.List;
import java.util.Set;

/**
 * A middleware of an {@link Agent}, LangChain's {@code AgentMiddleware}: hooks that run before and
 * after the agent and each model call (as graph nodes of their own), hooks wrapped around each model
 * call and each tool call, tools it brings, and state it keeps. The processor generates an
 * implementation for every class annotated {@code @Middleware} (typed hook methods, a state record
 * checked at compile time, no reflection); the built-in middleware in {@code
 * dev.switchboard.agent.middleware} are such classes. A middleware without state may also implement
 * this interface by hand, listing its hooks in {@link #hooks()}.
 *
 * <p>Order and nesting are {@code createAgent}'s: for middleware {@code [a, b]}, {@code
 * a.before_model} runs before {@code b.before_model}, {@code b.after_model} before {@code
 * a.after_model}, and {@code a}'s {@code wrapModelCall} is outermost.
 */
public interface AgentMiddleware {
    /**
     * The middleware's name, unique within an agent: its nodes are {@code <name>.before_model} and so
     * on.
     *
     * @return the name
     */
    String name();

    /**
     * The hooks this middleware has; the agent adds a node for each before/after hook and wraps calls
     * only with the wrap hooks listed.
     *
     * @return the hooks
     */
    Set<Hook> hooks();

    /**
     * Where a node hook may jump; a jump elsewhere fails the run.
     *
     * @param hook a before/after hook
     * @return the allowed targets; empty by default
     */
    default Set<JumpTo> canJumpTo(Hook hook) {
        return Set.of();
    }

    /**
     * Tools this middleware brings; the agent offers them to the model with its own.
     *
     * @return the tools; none by default
     */
    default List<AgentTool> tools() {
        return List.of();
    }

    /**
     * Not for hand-written middleware: the channels of the state record a {@code @Middleware} class
     * declares, from generated code.
     *
     * @return the generated schema of the middleware's state record, or {@code null} for none
     */
    default StateSchema<?> stateSchema() {
        return null;
    }

    /**
     * Runs a before/after hook.
     *
     * @param hook the hook, one of {@link #hooks()}
     * @param state the agent's state
     * @param context the hook node's context
     * @return what to write and where to go
     * @throws Exception to fail the run
     */
    default HookResult run(Hook hook, AgentState<?> state, NodeContext context) throws Exception {
        return HookResult.none();
    }

    /**
     * Wraps a model call, when {@link #hooks()} has {@link Hook#WRAP_MODEL_CALL}.
     *
     * @param request the call
     * @param handler the rest of the call
     * @return the response
     * @throws Exception to fail the run
     */
    default ModelResponse wrapModelCall(ModelRequest request, ModelCallHandler handler) throws Exception {
        return handler.call(request);
    }

    /**
     * Wraps a tool call, when {@link #hooks()} has {@link Hook#WRAP_TOOL_CALL}.
     *
     * @param request the call
     * @param handler the rest of the call
     * @return the result
     * @throws Exception to fail the tool call
     */
    default ToolResult wrapToolCall(ToolCallRequest request, ToolCallHandler handler) throws Exception {
        return handler.call(request);
    }
}
