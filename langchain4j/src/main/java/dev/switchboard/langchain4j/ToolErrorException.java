package dev.switchboard.langchain4j;

/**
 * Thrown by a {@link ToolSet} when the tool ran and answered with an error of its own, as an MCP
 * server does with {@code isError: true}: the message is the tool's error text, which {@link
 * ToolNode} hands to the model unchanged in a result with {@code isError = true}, so the model can
 * correct its call (or, with {@link ToolNode.Builder#failOnError()}, fails the node).
 */
public final class ToolErrorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param errorText the tool's error text, as the model should read it
     */
    public ToolErrorException(String errorText) {
        super(errorText);
    }
}
