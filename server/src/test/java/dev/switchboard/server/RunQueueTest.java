package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.Gated;
import dev.switchboard.server.fixtures.Stalled;
import dev.switchboard.server.fixtures.StalledGraph;
import dev.switchboard.server.wire.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Two server JVMs' worth of servers (two instances, each its own queue owner) on one PostgreSQL
 * schema: runs created on one run on the other when the first is full, the multitask strategies
 * and cancel decided in the database hold when the busy run lives on the other server, a worker
 * that lost its lease cannot commit, and a closing server hands its runs to the other.
 */
class RunQueueTest {
    private static final Duration LEASE = Duration.ofMillis(1000);
    private static final Duration BEAT = Duration.ofMillis(200);

    private TestPostgres db;
    private SwitchboardServer one;
    private SwitchboardServer two;
    private Api api1;
    private Api api2;

    @BeforeEach
    void start() throws Exception {
        Gated.GATE.drainPermits();
        Stalled.HOLD.drainPermits();
        Stalled.SECOND_ENTRIES.set(0);
        Stalled.RESUMED_IN.drainPermits();
        Stalled.RESUMED_HOLD.drainPermits();
        Stalled.holdResumed = false;
        db = TestPostgres.schema();
        one = server(16);
        two = server(16);
        api1 = new Api(one.url(), null);
        api2 = new Api(two.url(), null);
    }

    private SwitchboardServer server(int maxRuns) throws Exception {
        return QueueServers.on(db, LEASE, BEAT)
                .graph("stalled", StalledGraph.builder(new Stalled()))
                .maxRuns(maxRuns)
                .build()
                .start();
    }

    @AfterEach
    void stop() throws Exception {
        Gated.GATE.release(100);
        Stalled.HOLD.release(100);
        Stalled.RESUMED_HOLD.release(100);
        if (one != null) {
            one.close();
        }
        if (two != null) {
            two.close();
        }
        if (db != null) {
            db.close();
        }
    }

    /** A thread whose run A (gated) runs on server one, inside step 2; answers thread and run ids. */
    private String[] busyOnOne() throws Exception {
        String[] t = api1.runPastItsFirstStep("gated", "");
        ownerIsOne(t[1]);
        return t;
    }

    /**
     * Names the server that claimed {@code run} {@code one} (and its client {@code api1}): the
     * server a run is created on claims it at once when it has room, but the other's claimer,
     * woken by the same NOTIFY, may be first; the two servers are alike, so the test swaps them.
     */
    private void ownerIsOne(String run) throws Exception {
        String owner = db.runOwner(run);
        if (!one.worker().queue().owner().equals(owner)) {
            SwitchboardServer s = one;
            one = two;
            two = s;
            Api a = api1;
            api1 = api2;
            api2 = a;
        }
    }

    private Api.Reply createB(String tid, String strategy) throws Exception {
        return api2.post(
                "/threads/" + tid + "/runs",
                "{\"assistant_id\":\"gated\",\"input\":{\"trail\":[\"B\"]},\"multitask_strategy\":\"" + strategy
                        + "\"}");
    }

    private static List<Object> trail(JsonNode values) {
        return Json.MAPPER.convertValue(values.get("trail"), List.class);
    }

    private JsonNode join(Api api, String tid, String run) throws Exception {
        return api.get("/threads/" + tid + "/runs/" + run + "/join").expect(200).json();
    }

    private void awaitStatus(Api api, String tid, String run, String status) throws Exception {
        api.poll(
                "/threads/" + tid + "/runs/" + run,
                r -> r.path("status").asString().equals(status));
    }

    @Test
    void aQueueWhoseConnectionTheDatabaseDroppedReconnects() throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("SELECT pg_terminate_backend(" + one.worker().backendPid() + ")");
            s.execute("SELECT pg_terminate_backend(" + two.worker().backendPid() + ")");
        }
        String tid = api1.newThread();
        Api.Reply created = null;
        for (int i = 0; i < 5 && (created == null || created.status() != 200); i++) {
            created = api1.post(
                    "/threads/" + tid + "/runs", "{\"assistant_id\":\"stalled\",\"input\":{\"trail\":[\"A\"]}}");
        }
        Stalled.HOLD.release();
        String run = created.expect(200).json().get("run_id").asString();
        assertEquals(List.of("A", 1, 2), trail(join(api1, tid, run)));
    }

    @Test
    void aRunCreatedOnAFullServerRunsOnAnother() throws Exception {
        one.close();
        one = server(1);
        api1 = new Api(one.url(), null);
        String[] busy = busyOnOne(); // takes server one's only slot
        String tid = api1.newThread();
        JsonNode result = api1.post(
                        "/threads/" + tid + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"trail\":[\"x\"]}}")
                .expect(200)
                .json();
        assertTrue(trail(result).size() > 1, result::toString);
        assertEquals(2, claimOwners().size(), "the second run was claimed by the other server");
        Gated.GATE.release();
        assertEquals(List.of("A", 1, 2), trail(join(api1, busy[0], busy[1])));
    }

    @Test
    void rejectOnAnotherServerRefusesWith422() throws Exception {
        String[] t = busyOnOne();
        createB(t[0], "reject").expect(422);
        assertEquals(
                "running",
                api2.get("/threads/" + t[0] + "/runs/" + t[1])
                        .json()
                        .get("status")
                        .asString());
        Gated.GATE.release();
        assertEquals(List.of("A", 1, 2), trail(join(api2, t[0], t[1])));
    }

    @Test
    void enqueueOnAnotherServerRunsBAfterA() throws Exception {
        String[] t = busyOnOne();
        String b = createB(t[0], "enqueue").expect(200).json().get("run_id").asString();
        Gated.GATE.release(2);
        assertEquals(List.of("A", 1, 2, "B", 1, 2), trail(join(api2, t[0], b)));
        awaitStatus(api2, t[0], t[1], "success");
    }

    @Test
    void interruptOnAnotherServerStopsAAtItsOwnerKeepingItsFinishedStep() throws Exception {
        String[] t = busyOnOne();
        String b = createB(t[0], "interrupt").expect(200).json().get("run_id").asString();
        awaitStatus(api2, t[0], t[1], "interrupted");
        awaitStatus(api1, t[0], t[1], "interrupted");
        Gated.GATE.release(2); // A's blocked step finishes on server one but must not be committed
        JsonNode joined = join(api2, t[0], b);
        assertEquals(List.of("A", 1, "B", 1, 2), trail(joined), joined::toString);
        assertEquals(
                List.of("A", 1, "B", 1, 2),
                trail(api1.get("/threads/" + t[0] + "/state").json().get("values")));
    }

    @Test
    void rollbackOnAnotherServerMarksAnError() throws Exception {
        String[] t = busyOnOne();
        String b = createB(t[0], "rollback").expect(200).json().get("run_id").asString();
        awaitStatus(api2, t[0], t[1], "error");
        Gated.GATE.release(2);
        assertEquals(List.of("A", 1, "B", 1, 2), trail(join(api2, t[0], b)));
    }

    @Test
    void cancelOnAnotherServerStopsTheRunAndItsLateStepIsNotCommitted() throws Exception {
        String[] t = busyOnOne();
        api2.post("/threads/" + t[0] + "/runs/" + t[1] + "/cancel?action=interrupt", "")
                .expect(204);
        awaitStatus(api1, t[0], t[1], "interrupted");
        Gated.GATE.release();
        Thread.sleep(300);
        assertEquals(
                List.of("A", 1),
                trail(api2.get("/threads/" + t[0] + "/state").json().get("values")));
        awaitStatus(api2, t[0], t[1], "interrupted");
        assertEquals("idle", api2.get("/threads/" + t[0]).json().get("status").asString());
    }

    @Test
    void aWorkerThatLostItsLeaseCannotCommit() throws Exception {
        String[] started = api1.runPastItsFirstStep("stalled", "");
        String tid = started[0];
        String run = started[1];
        ownerIsOne(run);
        one.worker().stalled = true; // server one stalls inside step 2: its lease runs out
        // server two's sweeper returns the run to the queue; server two claims it and finishes it
        // from the checkpoint of step 1
        assertEquals(List.of("A", 1, 2), trail(join(api2, tid, run)));
        assertEquals(2, Stalled.SECOND_ENTRIES.get());
        int history = history(tid).size();
        Stalled.HOLD.release(); // server one wakes up and tries to commit its step 2
        awaitStatus(api1, tid, run, "success");
        Thread.sleep(300);
        assertEquals(history, history(tid).size(), "the stale worker's checkpoint was refused");
        assertOneChain(history(tid));
        assertEquals(
                List.of("A", 1, 2),
                trail(api1.get("/threads/" + tid + "/state").json().get("values")));
        assertEquals(List.of(1, 2), attempts(run));
        assertEquals(
                "success",
                api2.get("/threads/" + tid + "/runs/" + run)
                        .json()
                        .get("status")
                        .asString());
    }

    /**
     * The stale worker commits before the run's new owner: the head compare-and-set alone would let
     * its step land (its expected head is still the head) and fail the new owner's; the queue's fence
     * refuses it in the commit's own transaction, as the run's row is no longer its own.
     */
    @Test
    void aStaleWorkerWakingBeforeTheNewOwnerCommitsIsRefused() throws Exception {
        Stalled.holdResumed = true;
        String[] started = api1.runPastItsFirstStep("stalled", "");
        String tid = started[0];
        String run = started[1];
        ownerIsOne(run);
        one.worker().stalled = true; // its lease runs out; server two sweeps, claims and resumes the run
        assertTrue(Stalled.RESUMED_IN.tryAcquire(30, TimeUnit.SECONDS), "server two resumed the run");
        int before = history(tid).size();
        Stalled.HOLD.release(); // server one wakes first, still unaware of its lost lease, and commits
        Thread.sleep(500);
        assertEquals(before, history(tid).size(), "the stale worker's step was refused");
        Stalled.RESUMED_HOLD.release(); // now server two commits the step
        JsonNode result = join(api2, tid, run);
        assertEquals(List.of("A", 1, 2), trail(result), result::toString);
        awaitStatus(api2, tid, run, "success");
        JsonNode history = history(tid);
        assertOneChain(history);
        assertEquals(before + 1, history.size(), history::toString);
        assertEquals(2, history.get(0).path("metadata").path("run_attempt").asInt(), "the last step is attempt 2's");
        assertEquals(List.of(1, 2), attempts(run));
        assertEquals(List.of(1, 2), metadataEventAttempts(run));
        one.worker().stalled = false;
        awaitStatus(api1, tid, run, "success");
    }

    @Test
    void aClosingServerHandsItsRunToAnother() throws Exception {
        String[] t = busyOnOne();
        long closed = System.nanoTime();
        one.close(); // A inside step 2 (step 1 committed): handed back, not lost
        one = null;
        Gated.GATE.release(2); // the closed server's step may take one; its write is refused
        assertEquals(List.of("A", 1, 2), trail(join(api2, t[0], t[1])));
        assertTrue(
                Duration.ofNanos(System.nanoTime() - closed).compareTo(LEASE) < 0,
                "resumed at once, without waiting for the lease to expire");
        assertEquals(List.of(1, 2), attempts(t[1]));
        assertOneChain(history(t[0]));
    }

    private JsonNode history(String tid) throws Exception {
        return api2.post("/threads/" + tid + "/history", "{\"limit\":100}")
                .expect(200)
                .json();
    }

    /** Every checkpoint but the oldest has its parent in the history, and no two share one. */
    private static void assertOneChain(JsonNode history) {
        Set<String> parents = new HashSet<>();
        for (int i = 0; i < history.size() - 1; i++) {
            String parent = history.get(i)
                    .path("parent_checkpoint")
                    .path("checkpoint_id")
                    .asString();
            assertEquals(
                    history.get(i + 1).path("checkpoint").path("checkpoint_id").asString(), parent, history::toString);
            assertTrue(parents.add(parent), "two checkpoints share parent " + parent);
        }
    }

    private List<Integer> attempts(String run) throws Exception {
        List<Integer> out = new ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT attempt, owner FROM switchboard_server_claims WHERE run_id = '"
                        + run + "' ORDER BY claimed_at")) {
            String previous = null;
            while (r.next()) {
                out.add(r.getInt(1));
                assertNotEquals(previous, r.getString(2), "each claim by another server");
                previous = r.getString(2);
            }
        }
        return out;
    }

    /** The {@code attempt} of each {@code metadata} event of the run, in the order of the stream. */
    private List<Integer> metadataEventAttempts(String run) throws Exception {
        List<Integer> out = new ArrayList<>();
        try (Connection c = db.connect();
                PreparedStatement p = c.prepareStatement("SELECT data FROM switchboard_server_events"
                        + " WHERE run_id = ? AND event = 'metadata' ORDER BY id")) {
            p.setString(1, run);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(Json.MAPPER.readTree(r.getString(1)).get("attempt").asInt());
                }
            }
        }
        return out;
    }

    private Set<String> claimOwners() throws Exception {
        Set<String> out = new HashSet<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT owner FROM switchboard_server_claims")) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return out;
    }
}
