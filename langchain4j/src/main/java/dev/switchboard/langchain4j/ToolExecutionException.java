package dev.switchboard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;

/**
 * A tool call failed in a {@link ToolNode} built with {@link ToolNode.Builder#failOnError()}: the
 * message names the tool and the call id; the cause is what the tool set threw ({@link
 * UnknownToolException}, {@link ToolArgumentsException} or the tool's own exception).
 */
public final class ToolExecutionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param request the failed request
     * @param cause why it failed
     */
    public ToolExecutionException(ToolExecutionRequest request, Throwable cause) {
        super("tool '" + request.name() + "' (call " + request.id() + ") failed: " + cause.getMessage(), cause);
    }
}
