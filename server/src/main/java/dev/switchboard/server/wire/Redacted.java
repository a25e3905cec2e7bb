package dev.switchboard.server.wire;

/**
 * A failure as the server logs it: its class and stack trace, its causes' likewise, and none of
 * their messages, which may quote request data, state values or SQL with values (a database's
 * error names the row that failed). What went wrong where stays readable; no data leaves the
 * process through a log.
 */
public final class Redacted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private Redacted(Throwable of, Redacted cause) {
        super(of.getClass().getName(), cause, false, true);
        setStackTrace(of.getStackTrace());
    }

    /**
     * The redacted copy of a failure and its causes.
     *
     * @param failure the failure
     * @return its copy, to log
     */
    public static Redacted of(Throwable failure) {
        return copy(failure, 0);
    }

    private static Redacted copy(Throwable t, int depth) {
        Throwable cause = t.getCause();
        Redacted redactedCause = cause == null || cause == t || depth > 16 ? null : copy(cause, depth + 1);
        return new Redacted(t, redactedCause);
    }

    @Override
    public String toString() {
        return getMessage(); // the class name alone, not this wrapper's
    }
}
