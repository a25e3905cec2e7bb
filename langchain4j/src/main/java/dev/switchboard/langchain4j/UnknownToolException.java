package dev.switchboard.langchain4j;

/**
 * Thrown by a {@link ToolSet} for a request naming a tool it does not have, as a model may ask for
 * a tool that does not exist.
 */
public final class UnknownToolException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception for one requested name.
     *
     * @param toolName the name the model asked for
     */
    public UnknownToolException(String toolName) {
        super("unknown tool '" + toolName + "'");
    }
}
