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
 * transaction not commit, they go back to the {@link EventLog}'s writer. For a checkpoint both ride
 * in the saver's own first statement ({@link #fold}): one round trip fewer per checkpoint.
 */
final class ClaimGuard implements CommitGuard {
    private static final String LOCK =
            "SELECT owner, attempt, queue_status FROM switchboard_server_runs WHERE run_id = ? FOR SHARE";
    private static final String CHECK = LOCK;
    private static final String CHECK_WITH_EVENTS = EventLog.INSERT_WITH + " " + LOCK;

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
                if (!r.next() || !held(r, 1)) {
                    throw new ClaimLost(claim);
                }
            }
        }
    }

    @Override
    public Fold fold(Connection connection, String threadId, CheckpointMetadata metadata) {
        List<EventLog.Pending> mine = events == null ? List.of() : events.take(claim.runId(), false);
        if (!mine.isEmpty()) {
            taken.put(connection, mine);
        }
        return new Fold() {
            @Override
            public String with() {
                // the locked row, then EventLog.INSERT_WITH without its WITH (the insert named e,
                // which runs wherever it stands: it writes)
                return "guard AS (" + LOCK + ")"
                        + (mine.isEmpty() ? "" : ", " + EventLog.INSERT_WITH.substring("WITH ".length()));
            }

            @Override
            public int bind(PreparedStatement p, int from) throws SQLException {
                p.setString(from, claim.runId());
                return mine.isEmpty() ? from + 1 : EventLog.bindInsert(p, from + 1, claim.runId(), mine);
            }

            @Override
            public String columns() {
                return "(SELECT owner FROM guard), (SELECT attempt FROM guard), (SELECT queue_status FROM guard)";
            }

            @Override
            public void check(ResultSet r, int from) throws SQLException {
                if (r.getString(from + 2) == null || !held(r, from)) {
                    throw new ClaimLost(claim);
                }
            }
        };
    }

    @Override
    public void ended(Connection connection, boolean committed) {
        List<EventLog.Pending> mine = taken.remove(connection);
        if (mine != null) {
            events.ended(claim.runId(), mine, committed);
        }
    }

    /** Whether the run's row, its owner, attempt and status from column {@code from}, is this claim's. */
    private boolean held(ResultSet r, int from) throws SQLException {
        String status = r.getString(from + 2);
        return owner.equals(r.getString(from))
                && r.getInt(from + 1) == claim.attempt()
                && (status.equals("running") || status.equals("cancelling"));
    }
}
