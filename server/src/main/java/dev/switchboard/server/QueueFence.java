package dev.switchboard.server;

import dev.switchboard.checkpoint.jdbc.CommitGuard;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Fences the commits of queued runs in the database: inside the transaction of each checkpoint
 * and pending write of a run this JVM executes from the {@link PostgresQueue}, it locks the run's
 * queue row {@code FOR SHARE} and refuses the commit unless the row is still this JVM's claim
 * (owner and attempt) and running or cancelling. Another JVM's claim of the run updates that row,
 * so it either waits for this commit (and then resumes after it) or commits first (and this commit
 * is refused, storing nothing): a worker that lost its lease never commits, even when it wakes from
 * a pause before the new owner writes anything, which the head compare-and-set alone would let
 * through. {@code FOR SHARE}, not {@code FOR KEY SHARE}: a claim changes no key column, and only
 * {@code FOR SHARE} makes such an update wait. Writes of anything else (temporary threads, thread
 * state updates, which carry no run id) pass unchecked.
 */
final class QueueFence implements CommitGuard {
    private static final String SQL =
            "SELECT owner, attempt, queue_status FROM switchboard_server_runs WHERE run_id = ? FOR SHARE";

    private final String owner;
    /** The claim of the queued run this JVM executes on a thread, by thread id. */
    private final Map<String, PostgresQueue.Claim> executing = new ConcurrentHashMap<>();

    QueueFence(String owner) {
        this.owner = owner;
    }

    /** This JVM starts executing a claimed run: its commits are fenced from now on. */
    void began(PostgresQueue.Claim claim) {
        executing.put(claim.threadId(), claim);
    }

    /** The execution of {@code claim} returned: it commits nothing more. */
    void ended(PostgresQueue.Claim claim) {
        executing.remove(claim.threadId(), claim);
    }

    @Override
    public void check(Connection connection, String threadId, CheckpointMetadata metadata) throws SQLException {
        PostgresQueue.Claim claim = executing.get(threadId);
        if (claim == null
                || (metadata != null && !claim.runId().equals(metadata.extra().get("run_id")))) {
            return;
        }
        try (PreparedStatement p = connection.prepareStatement(SQL)) {
            p.setString(1, claim.runId());
            try (ResultSet r = p.executeQuery()) {
                if (!r.next() || !held(r, claim)) {
                    throw new LeaseLost(claim);
                }
            }
        }
    }

    private boolean held(ResultSet r, PostgresQueue.Claim claim) throws SQLException {
        String status = r.getString(3);
        return owner.equals(r.getString(1))
                && r.getInt(2) == claim.attempt()
                && (status.equals("running") || status.equals("cancelling"));
    }

    /** Whether {@code failure} is, or was caused by, a commit this fence refused. */
    static boolean refused(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof LeaseLost) {
                return true;
            }
        }
        return false;
    }

    /** A commit of a run whose queue row is no longer this JVM's claim: refused, nothing stored. */
    static final class LeaseLost extends CancellationException {
        private static final long serialVersionUID = 1L;

        LeaseLost(PostgresQueue.Claim claim) {
            super("run " + claim.runId() + " (attempt " + claim.attempt()
                    + ") is no longer this server's: it lost its lease and another server may run it; its"
                    + " write is not committed");
        }
    }
}
