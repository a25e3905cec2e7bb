package dev.switchboard.server.runs;

/**
 * A run taken from a {@link RunQueue} by one JVM to execute it.
 *
 * @param runId the run
 * @param threadId its thread
 * @param attempt how many times it was claimed, this claim included: more than 1 for a run that
 *     continues from its own last checkpoint (after a restart, or another JVM's lost lease)
 * @param runRow the run's row as the claim stored it (its JSON), when the queue read it back in the
 *     claim's own statement, so that a JVM that did not create the run need not read it again;
 *     null otherwise
 * @param threadRow the thread's row likewise, or null
 */
public record Claim(String runId, String threadId, int attempt, String runRow, String threadRow) {
    /**
     * A claim whose rows the claiming JVM reads itself (or has).
     *
     * @param runId the run
     * @param threadId its thread
     * @param attempt how many times it was claimed, this claim included
     */
    public Claim(String runId, String threadId, int attempt) {
        this(runId, threadId, attempt, null, null);
    }

    /**
     * Whether the run continues an earlier attempt.
     *
     * @return true from the second attempt on
     */
    public boolean resumed() {
        return attempt > 1;
    }
}
