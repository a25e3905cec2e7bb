package dev.switchboard.server.runs;

import java.util.concurrent.CancellationException;

/**
 * A commit of a claimed run refused because the claim is no longer held: another JVM took the run
 * over (its lease had expired). Nothing of the commit was stored; the run stops here quietly.
 */
public final class ClaimLost extends CancellationException {
    private static final long serialVersionUID = 1L;

    /**
     * The refusal of a commit of {@code claim}.
     *
     * @param claim the claim no longer held
     */
    public ClaimLost(Claim claim) {
        super("run " + claim.runId() + " (attempt " + claim.attempt()
                + ") is no longer this server's: it lost its lease and another server may run it; its"
                + " write is not committed");
    }

    /**
     * Whether {@code failure} is, or was caused by, such a refusal.
     *
     * @param failure a run's failure
     * @return true when a commit was refused for a lost claim
     */
    public static boolean in(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ClaimLost) {
                return true;
            }
        }
        return false;
    }
}
