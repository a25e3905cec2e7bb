package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.switchboard.agent.AgentPlan.HookNode;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.JumpTo;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.Send;
import java.util.ArrayList;
import java.util.List;

/**
 * Where each node of an agent goes next: LangChain's {@code createAgent} routers, evaluated by the
 * node itself on the conversation after its own writes. Tool calls go out as one {@code Send} each.
 * Returns destinations: node names ({@code END} for the end) and {@link Send}s.
 */
final class Routes {
    private static final String END = Graph.END;

    private final AgentPlan<?> plan;

    Routes(AgentPlan<?> plan) {
        this.plan = plan;
    }

    /** After a before/after hook node; {@code jump} is already checked against the hook's targets. */
    List<Object> afterHook(HookNode h, List<Message> messages, JumpTo jump) {
        return switch (h.hook()) {
            case BEFORE_AGENT -> jump == null ? one(nextBeforeAgent(h)) : jump(jump, messages, plan.exit);
            case BEFORE_MODEL -> jump == null ? one(nextBeforeModel(h)) : jump(jump, messages, END);
            case AFTER_MODEL ->
                h.position() == 0
                        ? afterModels(messages, jump)
                        : sequence(jump, messages, previous(plan.afterModel, h));
            case AFTER_AGENT -> sequence(jump, messages, h.position() == 0 ? END : previous(plan.afterAgent, h));
            default -> throw new IllegalStateException(h.hook() + " has no node");
        };
    }

    private String nextBeforeAgent(HookNode h) {
        return h.position() + 1 < plan.beforeAgent.size()
                ? plan.beforeAgent.get(h.position() + 1).name()
                : plan.loopEntry;
    }

    private String nextBeforeModel(HookNode h) {
        return h.position() + 1 < plan.beforeModel.size()
                ? plan.beforeModel.get(h.position() + 1).name()
                : Agent.MODEL;
    }

    private static String previous(List<HookNode> chain, HookNode h) {
        return chain.get(h.position() - 1).name(); // after-hooks run in reverse order
    }

    /** A jump from a hook: END goes to {@code end} (the agent's exit or the graph's end). */
    private List<Object> jump(JumpTo jump, List<Message> messages, String end) {
        return switch (jump) {
            case END -> one(end);
            case TOOLS -> plan.hasTools ? toTools(messages) : one(end);
            case MODEL -> one(Agent.MODEL);
        };
    }

    /** Later after-hooks (in list order) and after-agent hooks: a jump, else the next hook. */
    private List<Object> sequence(JumpTo jump, List<Message> messages, String next) {
        return jump == null ? one(next) : jump(jump, messages, END);
    }

    /** The last after-model hook to run (the first middleware's): decides between model, tools and end. */
    private List<Object> afterModels(List<Message> messages, JumpTo jump) {
        Message last = Conversation.last(messages);
        AiMessage lastAi = Conversation.ai(last);
        if (lastAi != null && !lastAi.hasToolExecutionRequests()) {
            return one(plan.exit);
        }
        if (jump != null) {
            return jump(jump, messages, plan.exit);
        }
        List<ToolExecutionRequest> pending = Conversation.pending(messages);
        if (!pending.isEmpty() && plan.hasTools) {
            return sends(pending);
        }
        List<ToolExecutionRequest> calls = Conversation.calls(Conversation.lastAi(messages));
        if (pending.isEmpty() && plan.output != null && calls.stream().noneMatch(this::structured)) {
            return one(Agent.MODEL);
        }
        return one(plan.exit);
    }

    /** After {@code model_request}: to the after-model hooks, or straight to tools or the end. */
    List<Object> afterModelCall(List<Message> messages, boolean retry) {
        if (retry) {
            return one(Agent.MODEL);
        }
        if (!plan.afterModel.isEmpty()) {
            return one(plan.afterModel.get(plan.afterModel.size() - 1).name());
        }
        List<ToolExecutionRequest> calls = Conversation.calls(Conversation.last(messages));
        List<ToolExecutionRequest> regular = new ArrayList<>();
        for (ToolExecutionRequest c : calls) {
            if (!structured(c)) {
                regular.add(c);
            }
        }
        return regular.isEmpty() || !plan.hasTools ? one(plan.exit) : sends(regular);
    }

    /**
     * After one tool call's task: back into the loop, or out after a tool that returns directly. Unlike
     * LangChain, an error result of such a tool goes back to the model, which may fix its call (a
     * handoff whose payload did not validate, say).
     */
    List<Object> afterTool(Message result) {
        if (result != null
                && result.chat() instanceof ToolExecutionResultMessage t
                && !Boolean.TRUE.equals(t.isError())
                && plan.returnDirect.contains(t.toolName())) {
            return one(plan.output != null ? plan.loopEntry : plan.exit);
        }
        return one(plan.loopEntry);
    }

    /** The pending calls of the last AI message, one task each; none pending goes back into the loop. */
    private List<Object> toTools(List<Message> messages) {
        List<ToolExecutionRequest> pending = Conversation.pending(messages);
        return pending.isEmpty() ? one(plan.loopEntry) : sends(pending);
    }

    private boolean structured(ToolExecutionRequest call) {
        return plan.output != null && plan.output.format().name().equals(call.name());
    }

    private static List<Object> sends(List<ToolExecutionRequest> calls) {
        List<Object> out = new ArrayList<>(calls.size());
        for (ToolExecutionRequest c : calls) {
            out.add(Send.to(Agent.TOOLS, ToolCallTask.of(c)));
        }
        return out;
    }

    private static List<Object> one(String node) {
        return List.of(node);
    }
}
