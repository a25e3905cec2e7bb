package dev.switchboard.mcp;

/**
 * An MCP server could not be reached or did not answer: it would not start or connect, it exited or
 * dropped the connection during a call, or a call outlived its timeout. The message names the
 * server and the tool. Thrown by {@link McpToolSet}; in a {@link
 * dev.switchboard.langchain4j.ToolNode} it becomes an error result the model reads, or fails the
 * node (and its retry policy applies) with {@code failOnError()}. The next call after a lost
 * connection connects again.
 */
public final class McpException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    McpException(String message, Throwable cause) {
        super(message, cause);
    }
}
