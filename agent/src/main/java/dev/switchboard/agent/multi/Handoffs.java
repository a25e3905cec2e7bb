package dev.switchboard.agent.multi;

import dev.switchboard.agent.AgentTool;
import dev.switchboard.agent.ToolProvider;
import dev.switchboard.annotation.Middleware;
import java.util.ArrayList;
import java.util.List;

/**
 * The middleware a team gives each of its agents that may hand off: the handoff tools, and the
 * team's {@code activeAgent} channel they write (shared with the team's state by name).
 */
@Middleware(name = "HandoffMiddleware", state = Handoffs.Active.class)
final class Handoffs implements ToolProvider {
    /**
     * The agent that last received a handoff.
     *
     * @param activeAgent its name
     */
    record Active(String activeAgent) {}

    private final List<Handoff<?>> handoffs;

    Handoffs(List<Handoff<?>> handoffs) {
        this.handoffs = List.copyOf(handoffs);
    }

    @Override
    public List<AgentTool> tools() {
        List<AgentTool> out = new ArrayList<>();
        for (Handoff<?> h : handoffs) {
            out.add(h.tool());
        }
        return out;
    }
}
