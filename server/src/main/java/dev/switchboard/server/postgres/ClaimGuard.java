package dev.switchboard.server.postgres;

import dev.switchboard.checkpoint.jdbc.CommitGuard;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.server.runs.Claim;
import dev.switchboard.server.runs.ClaimLost;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Fences the commits of one claimed run in the database: inside the transaction of each of its
 * checkpoints and pending writes it locks the run's queue row {@code FOR SHARE} and refuses the
 * commit unless the row is still this claim (owner and attempt) and running or cancelling. Another
 * JVM's claim of the run updates that row, so it either waits for this commit (and then resumes
 * after it) or commits first (and this commit is refused, storing nothing): a worker that lost its
 * lease never commits, even when it wakes from a pause before the new owner writes anything, which
 * the head compare-and-set alone would let through. {@code FOR SHARE}, not {@code FOR KEY SHARE}: a
 * claim changes no key column, and only {@code FOR SHARE} makes such an update wait. Each run gets
 * its own guard, on its own view of the saver (its checkpointer in its run config).
 */
final class ClaimGuard implements CommitGuard {
    private static final String SQL =
            "SELECT owner, attempt, queue_status FROM switchboard_server_runs WHERE run_id = ? FOR SHARE";

    private final String owner;
    private final Claim claim;

    ClaimGuard(String owner, Claim claim) {
        this.owner = owner;
        this.claim = claim;
    }

    @Override
    public void check(Connection connection, String threadId, CheckpointMetadata metadata) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(SQL)) {
            p.setString(1, claim.runId());
            try (ResultSet r = p.executeQuery()) {
                if (!r.next() || !held(r)) {
                    throw new ClaimLost(claim);
                }
            }
        }
    }

    private boolean held(ResultSet r) throws SQLException {
        String status = r.getString(3);
        return owner.equals(r.getString(1))
                && r.getInt(2) == claim.attempt()
                && (status.equals("running") || status.equals("cancelling"));
    }
}
