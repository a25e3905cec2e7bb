package dev.switchboard.agent;

/**
 * The rest of a tool call, as a {@code wrapToolCall} hook receives it: the next middleware's hook,
 * or the tool itself. A hook may call it once, several times (to retry), or not at all (to answer
 * itself).
 */
@FunctionalInterface
public interface ToolCallHandler {
    /**
     * Runs the call.
     *
     * @param request the request, as this hook passes it on
     * @return the tool's result
     * @throws Exception what the tool or an inner hook threw
     */
    ToolResult call(ToolCallRequest request) throws Exception;
}
