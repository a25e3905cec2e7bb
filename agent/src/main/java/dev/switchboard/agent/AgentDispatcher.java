package dev.switchboard.agent;

import dev.switchboard.agent.AgentPlan.HookNode;
import dev.switchboard.annotation.JumpTo;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.spi.NodeDispatcher;
import java.util.List;

/**
 * Calls an agent's nodes by index: each hook node runs its middleware's hook, {@code model_request}
 * and {@code tools} their steps. The agent's graph has no route functions; its nodes route
 * themselves.
 */
final class AgentDispatcher<R> implements NodeDispatcher {
    private final AgentPlan<R> plan;
    private final Routes routes;
    private final ModelStep<R> model;
    private final ToolStep<R> tools;

    AgentDispatcher(AgentPlan<R> plan) {
        this.plan = plan;
        this.routes = new Routes(plan);
        this.model = new ModelStep<>(plan, routes);
        this.tools = new ToolStep<>(plan, routes);
    }

    @Override
    @SuppressWarnings("unchecked") // nodes that read state get the agent's own AgentState
    public Object node(int node, Object input, NodeContext context) throws Exception {
        if (node == plan.modelIndex) {
            return model.run((AgentState<R>) input, context);
        }
        if (node == plan.toolsIndex) {
            return tools.run((ToolCallTask) input, context);
        }
        return hook(plan.hook(node), (AgentState<R>) input, context);
    }

    private Object hook(HookNode h, AgentState<R> state, NodeContext context) throws Exception {
        HookResult r = h.middleware().run(h.hook(), state, context);
        if (r == null) {
            r = HookResult.none();
        }
        JumpTo jump = r.jump().orElse(null);
        if (jump != null && !h.canJumpTo().contains(jump)) {
            throw new IllegalStateException("Invalid jump target: " + jump + " from " + h.name() + "; "
                    + (h.canJumpTo().isEmpty()
                            ? "the hook declares no jump targets (canJumpTo)"
                            : "it may jump to " + h.canJumpTo()));
        }
        StateUpdate writes = r.messages().isEmpty() ? null : new AgentWrites(plan.schema).messages(r.messages());
        if (r.update().isPresent()) {
            writes = writes == null ? r.update().get() : writes.also(r.update().get());
        }
        List<Object> next = routes.afterHook(h, Conversation.merge(state.messages(), r.messages()), jump);
        return Nodes.command(writes, next);
    }

    @Override
    public Object route(int route, Object state, NodeContext context) {
        throw new IllegalStateException("an agent's graph has no route functions (route #" + route + ")");
    }
}
