package dev.switchboard.server.runs;

/**
 * A run taken from a {@link RunQueue} by one JVM to execute it.
 *
 * @param runId the run
 * @param threadId its thread
 * @param attempt how many times it was claimed, this claim included: more than 1 for a run that
 *     continues from its own last checkpoint (after a restart, or another JVM's lost lease)
 */
public record Claim(String runId, String threadId, int attempt) {
    /**
     * Whether the run continues an earlier attempt.
     *
     * @return true from the second attempt on
     */
    public boolean resumed() {
        return attempt > 1;
    }
}
