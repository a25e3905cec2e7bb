package dev.switchboard.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.ToolArgumentsException;
import dev.switchboard.langchain4j.ToolErrorException;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.StreamPart.Tool.Phase;
import dev.switchboard.runtime.pregel.ControlSignals;
import java.util.List;

/**
 * The {@code tools} node: runs one tool call (each call is a task of its own), through the
 * middleware's {@code wrapToolCall} hooks, the first middleware outermost. As in LangChain, an unknown
 * tool, arguments that do not match the tool's schema, and a tool's own error ({@code
 * ToolErrorException}, whose text the model reads unchanged) are answered with an error result; a tool
 * that throws is answered with {@code "Error: <message>\n Please fix your mistakes."} when no
 * middleware wraps tool calls, while with such middleware a failure that reaches the node fails it
 * (a middleware like the tool retry decides what the model sees). Pauses and commands to the parent
 * graph pass through. The tool itself is reported to the {@code tools} stream mode: started with
 * the call's arguments, then finished with its text, or failed with the error.
 */
final class ToolStep<R> {
    private final AgentPlan<R> plan;
    private final Routes routes;

    ToolStep(AgentPlan<R> plan, Routes routes) {
        this.plan = plan;
        this.routes = routes;
    }

    Object run(ToolCallTask task, NodeContext ctx) throws Exception {
        ToolExecutionRequest call = task.call();
        ToolResult result;
        try {
            result = call(0, new ToolCallRequest(call, plan.tool(call.name()), ctx));
        } catch (Exception e) {
            if (ControlSignals.isSignal(e) || !plan.wrapTool.isEmpty()) {
                throw e;
            }
            result = ToolResult.error(call, "Error: " + describe(e) + "\n Please fix your mistakes.");
        }
        if (result == null) {
            throw new IllegalStateException("the call of tool '" + call.name() + "' (id " + call.id()
                    + ") produced no result; a tool or wrapToolCall hook must return a ToolResult");
        }
        if (result.parentCommand().isPresent()) {
            return result.parentCommand().get();
        }
        Message message = result.message().orElseThrow();
        StateUpdate writes = new AgentWrites(plan.schema).messages(List.of(message));
        result.update().ifPresent(writes::also);
        return Nodes.command(writes, routes.afterTool(message));
    }

    private ToolResult call(int i, ToolCallRequest request) throws Exception {
        if (i == plan.wrapTool.size()) {
            return tool(request);
        }
        AgentMiddleware m = plan.wrapTool.get(i);
        return m.wrapToolCall(request, next -> call(i + 1, next));
    }

    /** The innermost handler: the tool itself. */
    private ToolResult tool(ToolCallRequest request) throws Exception {
        ToolExecutionRequest call = request.call();
        AgentTool tool = request.tool().orElseGet(() -> plan.tool(call.name()));
        if (tool == null) {
            return ToolResult.error(
                    call,
                    "Error: " + call.name() + " is not a valid tool, try one of [" + String.join(", ", plan.toolNames())
                            + "].");
        }
        NodeContext ctx = request.context();
        if (ctx == null) {
            return execute(tool, request);
        }
        ctx.emitTool(Phase.STARTED, call.id(), call.name(), call.arguments());
        ToolResult result;
        try {
            result = execute(tool, request);
        } catch (Exception e) {
            if (!ControlSignals.isSignal(e)) {
                ctx.emitTool(Phase.FAILED, call.id(), call.name(), describe(e));
            }
            throw e;
        }
        ctx.emitTool(result.isError() ? Phase.FAILED : Phase.FINISHED, call.id(), call.name(), result.text());
        return result;
    }

    /** Runs the tool; its own error answer and arguments that do not fit become error results. */
    private static ToolResult execute(AgentTool tool, ToolCallRequest request) throws Exception {
        ToolExecutionRequest call = request.call();
        try {
            return tool.execute(request);
        } catch (ToolErrorException e) {
            return ToolResult.error(call, e.getMessage()); // the tool's own error text, as it wrote it
        } catch (ToolArgumentsException e) {
            return ToolResult.error(
                    call,
                    "Error invoking tool '" + call.name() + "' with kwargs " + call.arguments() + " with error: "
                            + e.getMessage() + "\n Please fix the error and try again.");
        }
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
