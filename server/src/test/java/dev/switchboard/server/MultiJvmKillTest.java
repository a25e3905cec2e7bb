package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.server.fixtures.Counted;
import dev.switchboard.server.fixtures.CountedGraph;
import dev.switchboard.server.wire.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Three worker JVMs (real processes) on one PostgreSQL schema run 300 runs of a slow 3-node graph
 * (100 threads, 3 runs queued on each); a worker running runs is killed with SIGKILL (and once
 * stopped with SIGTERM) several times and replaced. Every run completes exactly once with the
 * right result, each thread's history is one chain, finished tasks are not run again (only the
 * ones running at a kill may run twice), no run was claimed twice in one attempt, and a dead
 * worker's runs resume elsewhere (the delay is printed). Needs PostgreSQL (skipped without
 * {@code SWITCHBOARD_POSTGRES_URL}, failing when {@code CI=true}).
 */
class MultiJvmKillTest {
    private static final int THREADS = 100;
    private static final int RUNS_PER_THREAD = 3;
    private static final int MAX_RUNS = 4;
    private static final Duration LEASE = Duration.ofMillis(2000);

    private TestPostgres db;
    private SwitchboardServer front;
    private final List<Process> workers = new ArrayList<>();
    private final Map<Process, Path> logFiles = new HashMap<>();
    private int started;
    private Path logs;

    @AfterEach
    void stop() throws Exception {
        workers.forEach(Process::destroyForcibly);
        if (front != null) {
            front.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void everyRunCompletesOnceAcrossKilledWorkers() throws Exception {
        db = TestPostgres.schema();
        logs = Files.createTempDirectory("switchboard-workers");
        Counted.database = db.url();
        sql("CREATE TABLE kill_executions (task VARCHAR(200) NOT NULL)");
        front = SwitchboardServer.builder() // creates the tables, takes the HTTP requests, runs one run at most
                .graph("counted", CountedGraph.builder(new Counted()))
                .database(db.url())
                .lease(LEASE, LEASE.dividedBy(4))
                .maxRuns(1)
                .port(0)
                .build()
                .start();
        Api api = new Api(front.url(), null);
        for (int i = 0; i < 3; i++) {
            startWorker();
        }
        long t0 = System.nanoTime();
        List<String> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            threads.add(api.newThread());
        }
        ExecutorService clients = Executors.newFixedThreadPool(4);
        List<Future<?>> created = new ArrayList<>();
        for (int k = 0; k < RUNS_PER_THREAD; k++) {
            for (String tid : threads) {
                String input = "{\"trail\":[\"" + tid + "/" + k + "\"]}";
                created.add(clients.submit(() -> api.post(
                                "/threads/" + tid + "/runs",
                                "{\"assistant_id\":\"counted\",\"input\":" + input
                                        + ",\"multitask_strategy\":\"enqueue\"}")
                        .expect(200)));
            }
        }
        // kill while runs are being created and run: a worker holding runs, 1.5 s apart at least;
        // the third is stopped with SIGTERM (a graceful hand-back) instead
        List<Kill> kills = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (kills.size() < 4
                && (created.stream().anyMatch(f -> !f.isDone()) || unfinished() > 0)
                && System.nanoTime() < deadline) {
            Thread.sleep(kills.isEmpty() ? 500 : 1500);
            Kill k = killOne(kills.size() == 2);
            if (k != null) {
                kills.add(k);
                System.out.println("[kill test] " + (System.nanoTime() - t0) / 1_000_000 + " ms: " + k + ", unfinished "
                        + unfinished());
            }
        }
        for (Future<?> f : created) {
            f.get();
        }
        clients.shutdown();
        assertTrue(kills.size() >= 3, "killed " + kills.size() + " workers mid-run");
        awaitAllDone(Duration.ofSeconds(90));
        System.out.println("[kill test] all done at " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        for (Process p : workers) {
            long end = System.currentTimeMillis() + 60_000;
            while (owner(p) == null) {
                assertTrue(System.currentTimeMillis() < end, "a replacement worker never started");
                Thread.sleep(100);
            }
        }

        assertRunsSucceededOnce();
        for (String tid : threads) {
            assertThreadResult(api, tid);
        }
        assertClaimsAreSequential();
        assertTasksRanOnce(kills.size());
        reportFailover(kills);
    }

    /** Starts a worker JVM; it announces its owner id in its log once it claims. */
    private void startWorker() throws IOException {
        Path out = logs.resolve("worker-" + (started++) + ".log");
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        QueueWorkerMain.class.getName(),
                        db.url(),
                        Integer.toString(MAX_RUNS),
                        Long.toString(LEASE.toMillis()))
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        workers.add(p);
        this.logFiles.put(p, out);
    }

    /** The worker's owner id, or null while it is starting. */
    private String owner(Process p) throws IOException {
        String text = Files.readString(logFiles.get(p));
        // other lines may come first (a library's start-up warnings on the shared output)
        String owner = text.lines()
                .filter(l -> l.startsWith("owner "))
                .map(l -> l.substring(6).trim())
                .findFirst()
                .orElse(null);
        if (!p.isAlive() && owner == null) {
            fail("a worker JVM died: " + text);
        }
        return owner;
    }

    /** A worker killed at {@code at} (DB clock) while it held {@code runs}. */
    private record Kill(Timestamp at, boolean gently, List<String> runs) {}

    /** Kills (or, when {@code gently}, stops with SIGTERM) a worker now running runs; replaces it. */
    private Kill killOne(boolean gently) throws Exception {
        for (Process p : List.copyOf(workers)) {
            String owner = owner(p);
            List<String> held = owner == null
                    ? List.of()
                    : ids("SELECT run_id FROM switchboard_server_runs WHERE queue_status = 'running' AND owner = '"
                            + owner + "'");
            if (!held.isEmpty()) {
                Timestamp at = timestamp("SELECT now()");
                if (gently) {
                    p.destroy();
                } else {
                    p.destroyForcibly();
                }
                p.waitFor();
                workers.remove(p);
                startWorker();
                return new Kill(at, gently, held);
            }
        }
        return null;
    }

    private void awaitAllDone(Duration limit) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        while (unfinished() > 0) {
            if (System.nanoTime() > end) {
                fail(
                        unfinished() + " runs still unfinished after " + limit + ": "
                                + ids(
                                        "SELECT queue_status || ' '"
                                                + " || coalesce(owner, '-') || ' ' || attempt || ' ' || coalesce(lease_until::text, '-') || ' '"
                                                + " || (row_json::jsonb ->> 'status') FROM switchboard_server_runs WHERE queue_status <> 'done'"));
            }
            Thread.sleep(200);
        }
    }

    private int unfinished() throws Exception {
        return count("SELECT count(*) FROM switchboard_server_runs WHERE queue_status <> 'done'");
    }

    private void assertRunsSucceededOnce() throws Exception {
        assertEquals(THREADS * RUNS_PER_THREAD, count("SELECT count(*) FROM switchboard_server_runs"));
        assertEquals(
                THREADS * RUNS_PER_THREAD,
                count("SELECT count(*) FROM switchboard_server_runs WHERE row_json::jsonb ->> 'status' = 'success'"));
    }

    /** The thread's runs, in their order, each appended 1, 2, 3 once after its input. */
    private static void assertThreadResult(Api api, String tid) throws Exception {
        List<Object> expected = new ArrayList<>();
        for (int k = 0; k < RUNS_PER_THREAD; k++) {
            expected.addAll(List.of(tid + "/" + k, 1, 2, 3));
        }
        JsonNode state = api.get("/threads/" + tid + "/state").expect(200).json();
        JsonNode history = api.post("/threads/" + tid + "/history", "{\"limit\":1000}")
                .expect(200)
                .json();
        if (!expected.equals(Json.MAPPER.convertValue(state.path("values").path("trail"), List.class))) {
            List<String> steps = new ArrayList<>();
            history.forEach(h -> steps.add(h.path("metadata").path("source").asString() + "/"
                    + h.path("metadata").path("step").asInt() + "/"
                    + h.path("metadata").path("run_id").asString()));
            System.out.println("[kill test] BAD thread " + tid + ": " + steps);
        }
        assertEquals(expected, Json.MAPPER.convertValue(state.path("values").path("trail"), List.class));
        for (int i = 0; i < history.size() - 1; i++) {
            assertEquals(
                    history.get(i + 1).path("checkpoint").path("checkpoint_id").asString(),
                    history.get(i)
                            .path("parent_checkpoint")
                            .path("checkpoint_id")
                            .asString(),
                    "thread " + tid + "'s history is one chain");
        }
        // per run: its input, the input applied (step 0) and one per node
        assertEquals(RUNS_PER_THREAD * 5, history.size(), "thread " + tid + " has no stray checkpoint");
    }

    /** Each run's claims are attempts 1, 2, ... by one owner each: never two claims of one attempt. */
    private void assertClaimsAreSequential() throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(
                        "SELECT run_id, attempt FROM switchboard_server_claims" + " ORDER BY run_id, claimed_at")) {
            String run = null;
            int expected = 0;
            while (r.next()) {
                expected = r.getString(1).equals(run) ? expected + 1 : 1;
                run = r.getString(1);
                assertEquals(expected, r.getInt(2), "claims of run " + run);
            }
        }
    }

    /** Each task logged at least once; more than once only for the tasks running at a kill. */
    private void assertTasksRanOnce(int kills) throws Exception {
        assertEquals(THREADS * RUNS_PER_THREAD * 3, count("SELECT count(DISTINCT task) FROM kill_executions"));
        int again = count("SELECT count(*) - count(DISTINCT task) FROM kill_executions");
        System.out.println("[kill test] kills: " + kills + ", tasks run again: " + again);
        assertTrue(again <= kills * MAX_RUNS, again + " tasks ran again after " + kills + " kills");
    }

    /**
     * Prints the time from each kill to the first new claim of each run the dead worker held: a
     * SIGKILLed worker's runs wait for its lease to expire and a sweep, a SIGTERMed one hands them
     * back at once; either then waits for a free slot. A figure, not asserted: on a loaded machine
     * it is mostly queueing (RunQueueTest asserts the prompt hand-back on close).
     */
    private void reportFailover(List<Kill> kills) throws Exception {
        for (Kill k : kills) {
            long worst = 0;
            for (String run : k.runs) {
                Timestamp next = timestamp("SELECT min(claimed_at) FROM switchboard_server_claims WHERE run_id = '"
                        + run + "' AND claimed_at > '" + k.at + "'::timestamptz");
                if (next != null) { // else the run finished on its worker between the look and the kill
                    worst = Math.max(worst, next.getTime() - k.at.getTime());
                }
            }
            System.out.println("[kill test] " + (k.gently ? "SIGTERM" : "SIGKILL") + ": " + k.runs.size()
                    + " runs resumed elsewhere after at most " + worst + " ms");
        }
    }

    private List<String> ids(String query) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(query)) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return out;
    }

    private void sql(String statement) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    private int count(String query) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(query)) {
            r.next();
            return r.getInt(1);
        }
    }

    private Timestamp timestamp(String query) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(query)) {
            r.next();
            return r.getTimestamp(1);
        }
    }
}
