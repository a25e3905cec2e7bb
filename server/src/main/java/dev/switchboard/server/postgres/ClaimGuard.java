package dev.switchboard.server.postgres;

import dev.switchboard.checkpoint.jdbc.CommitGuard;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.server.runs.Claim;
import dev.switchboard.server.runs.ClaimLost;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
 *
 * <p>A checkpoint's transaction also stores the run's SSE events queued since the last one, in the
 * same statement as the check: a superstep's events cost no commit of their own. Should the
 * transaction not commit, they go back to the {@link EventLog}'s writer.
 */
final class ClaimGuard implements CommitGuard {
    private static final String CHECK =
            "SELECT owner, attempt, queue_status FROM switchboard_server_runs WHERE run_id = ? FOR SHARE";
    private static final String CHECK_WITH_EVENTS = EventLog.INSERT_WITH
            + " SELECT owner, attempt, queue_status FROM switchboard_server_runs WHERE run_id = ? FOR SHARE";

    private final String owner;
    private final Claim claim;
    /** The run's events; null when the queue has no event log. */
    private final EventLog events;
    /** The events stored by each transaction in flight (parallel tasks write at once), by connection. */
    private final Map<Connection, List<EventLog.Pending>> taken = new ConcurrentHashMap<>();

    ClaimGuard(String owner, Claim claim, EventLog events) {
        this.owner = owner;
        this.claim = claim;
        this.events = events;
    }

    @Override
    public void check(Connection connection, String threadId, CheckpointMetadata metadata) throws SQLException {
        List<EventLog.Pending> mine =
                events == null || metadata == null ? List.of() : events.take(claim.runId(), false);
        if (!mine.isEmpty()) {
            taken.put(connection, mine);
        }
        try (PreparedStatement p = connection.prepareStatement(mine.isEmpty() ? CHECK : CHECK_WITH_EVENTS)) {
            int i = 1;
            if (!mine.isEmpty()) {
                i = EventLog.bindInsert(p, i, claim.runId(), mine);
            }
            p.setString(i, claim.runId());
            try (ResultSet r = p.executeQuery()) {
                if (!r.next() || !held(r)) {
                    throw new ClaimLost(claim);
                }
            }
        }
    }

    @Override
    public void ended(Connection connection, boolean committed) {
        List<EventLog.Pending> mine = taken.remove(connection);
        if (mine != null) {
            events.ended(claim.runId(), mine, committed);
        }
    }

    private boolean held(ResultSet r) throws SQLException {
        String status = r.getString(3);
        return owner.equals(r.getString(1))
                && r.getInt(2) == claim.attempt()
                && (status.equals("running") || status.equals("cancelling"));
    }
}
