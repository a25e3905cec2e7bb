package dev.switchboard.runtime;

import java.util.Objects;

/**
 * A durable step failed with a failure its {@link Step#finalWhen} marked final. The first run that
 * hits the failure gets this exception with the body's exception as its {@linkplain #getCause()
 * cause}; every later run of the task (a retry, a resume, another JVM) gets it again from the
 * record, without running the body, and without a cause: the original exception's type is known
 * there only by its {@linkplain #failureType() simple name}, never loaded. Catch it in the node to
 * act on the failure (return a "declined" update, say); left uncaught, it fails the node, and
 * retry policies do not retry it by default, since a final failure would only come back.
 */
public final class StepFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String step;
    private final String failureType;
    private final String failureMessage;

    /**
     * Creates the exception.
     *
     * @param step the step's name
     * @param failureType the simple name of the exception the body threw
     * @param failureMessage its message, or {@code ""}
     * @param cause the exception itself, in the run that hit it; {@code null} when read from the record
     */
    public StepFailedException(String step, String failureType, String failureMessage, Throwable cause) {
        super(
                "step '" + Objects.requireNonNull(step, "step") + "' failed with " + failureType
                        + (failureMessage.isEmpty() ? "" : ": " + failureMessage)
                        + (cause == null ? " (recorded as final in an earlier run; the step did not run again)" : ""),
                cause);
        this.step = step;
        this.failureType = Objects.requireNonNull(failureType, "failureType");
        this.failureMessage = Objects.requireNonNull(failureMessage, "failureMessage");
    }

    /**
     * The step that failed.
     *
     * @return its name
     */
    public String step() {
        return step;
    }

    /**
     * The simple name of the exception the step's body threw.
     *
     * @return the type's simple name, such as {@code "CardDeclined"}
     */
    public String failureType() {
        return failureType;
    }

    /**
     * The message of the exception the step's body threw.
     *
     * @return the message, or {@code ""}
     */
    public String failureMessage() {
        return failureMessage;
    }
}
