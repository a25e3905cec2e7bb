package dev.switchboard.agent;

/**
 * The model's structured response did not validate and the response format does not ask the model
 * again: with the provider strategy, or a tool strategy set to {@code failOnError()}. The message
 * names the format and what was wrong; the run fails with a {@code NodeException} of {@code
 * model_request} whose cause this is.
 */
public final class StructuredOutputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String format;

    StructuredOutputException(String format, String error, Throwable cause) {
        super("structured output " + format + " did not validate: " + error, cause);
        this.format = format;
    }

    /**
     * The name of the response format that did not validate.
     *
     * @return the format's name
     */
    public String format() {
        return format;
    }
}
