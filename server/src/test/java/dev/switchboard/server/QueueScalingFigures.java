package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.server.fixtures.Counted;
import dev.switchboard.server.fixtures.CountedGraph;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Load figures, not a check: runs/s of the PostgreSQL run queue with 1, 2 and 4 worker JVMs (real
 * processes, {@link QueueWorkerMain}) on one schema, for the 3-node {@code counted} graph with no
 * sleep and with 20 ms per node. A front server in this JVM takes the HTTP creates and runs
 * nothing (its claimer is stalled), so only the workers run. Each figure: {@link #RUNS} runs on as
 * many threads, timed from the first create to the last run done, after a warm-up batch. While it
 * runs, the database's sessions are sampled (what they wait on) and the machine's load average is
 * read, to tell CPU from commit or lock limits. Not in the default suite (the name matches no
 * test pattern): run it with {@code -Dtest=QueueScalingFigures -Dswitchboard.figures=true} and
 * {@code SWITCHBOARD_POSTGRES_URL}; it prints a table.
 */
@EnabledIfSystemProperty(named = "switchboard.figures", matches = "true")
class QueueScalingFigures {
    private static final int RUNS = Integer.getInteger("switchboard.figures.runs", 200);
    private static final int WARM_UP = 40;
    private static final int MAX_RUNS = 8;
    private static final Duration LEASE = Duration.ofMillis(5000);

    @Test
    void runsPerSecondWithOneTwoAndFourWorkers() throws Exception {
        List<String> table = new ArrayList<>();
        table.add(String.format(
                "%-10s %7s %9s %8s %8s %10s %8s  %s",
                "graph", "workers", "runs/s", "p50 ms", "p99 ms", "xids/run", "load1", "db sessions sampled"));
        for (long sleep : new long[] {0, 20}) {
            for (int workers : new int[] {1, 2, 4}) {
                Figure f = measure(workers, sleep);
                table.add(String.format(
                        "%-10s %7d %9.1f %8.1f %8.1f %10.1f %8.2f  %s",
                        sleep == 0 ? "3 nodes" : "3x" + sleep + " ms",
                        workers,
                        f.runsPerSecond,
                        f.p50,
                        f.p99,
                        f.commitsPerRun,
                        f.load,
                        f.waits));
            }
        }
        System.out.println("[figures] " + RUNS + " runs each, " + MAX_RUNS + " slots per worker JVM");
        table.forEach(line -> System.out.println("[figures] " + line));
    }

    /**
     * One measurement: runs/s; each run's latency from its creation to its outcome (its row's
     * {@code created_at} to its last {@code updated_at}), p50 and p99; the writing transactions per
     * run meanwhile (transaction ids taken in the cluster, by every client: exact on a cluster of
     * its own).
     */
    private record Figure(
            double runsPerSecond,
            double p50,
            double p99,
            double commitsPerRun,
            double load,
            Map<String, Integer> waits) {}

    private static Figure measure(int workerCount, long sleepMs) throws Exception {
        List<Process> workers = new ArrayList<>();
        try (TestPostgres db = TestPostgres.schema();
                SwitchboardServer front = SwitchboardServer.builder()
                        .graph("counted", CountedGraph.builder(new Counted()))
                        .database(db.url())
                        .lease(LEASE, LEASE.dividedBy(4))
                        .maxRuns(1)
                        .port(0)
                        .build()
                        .start()) {
            front.worker().stalled = true; // the front only inserts: the workers run everything
            Path logs = Files.createTempDirectory("switchboard-figures");
            for (int i = 0; i < workerCount; i++) {
                workers.add(startWorker(db, sleepMs, logs.resolve("worker-" + i + ".log")));
            }
            for (int i = 0; i < workerCount; i++) {
                awaitOwner(workers.get(i), logs.resolve("worker-" + i + ".log"));
            }
            Api api = new Api(front.url(), null);
            batch(api, db, WARM_UP); // JIT and connection warm-up on every worker
            Sampler sampler = new Sampler(db);
            long commits0 = commits(db);
            long t0 = System.nanoTime();
            Thread sampling = new Thread(sampler, "figures-sampler");
            sampling.setDaemon(true);
            sampling.start();
            List<String> measured = batch(api, db, RUNS);
            double seconds = (System.nanoTime() - t0) / 1e9;
            double commitsPerRun = (commits(db) - commits0 - 1) / (double) RUNS;
            sampling.interrupt();
            sampling.join();
            assertEquals(
                    WARM_UP + RUNS,
                    count(
                            db,
                            "SELECT count(*) FROM switchboard_server_runs WHERE row_json::jsonb ->> 'status' = 'success'"));
            double[] latency = latency(db, measured);
            return new Figure(RUNS / seconds, latency[0], latency[1], commitsPerRun, loadAverage(), sampler.waits);
        } finally {
            workers.forEach(Process::destroyForcibly);
        }
    }

    /** p50 and p99 of the runs' latencies, creation to outcome, in milliseconds. */
    private static double[] latency(TestPostgres db, List<String> threads) throws Exception {
        try (Connection c = db.connect();
                java.sql.PreparedStatement p = c.prepareStatement("SELECT"
                        + " percentile_cont(0.5) WITHIN GROUP (ORDER BY ms), percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)"
                        + " FROM (SELECT extract(epoch FROM ((row_json::jsonb ->> 'updated_at')::timestamptz"
                        + " - (row_json::jsonb ->> 'created_at')::timestamptz)) * 1000 AS ms"
                        + " FROM switchboard_server_runs WHERE thread_id = ANY (?)) l")) {
            p.setArray(1, c.createArrayOf("varchar", threads.toArray()));
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return new double[] {r.getDouble(1), r.getDouble(2)};
            }
        }
    }

    /**
     * The cluster's next transaction id: every transaction that writes (or locks a row) takes one,
     * whoever runs it, so the difference counts the writing transactions meanwhile, each a WAL flush
     * when it commits (this call takes one too).
     */
    private static long commits(TestPostgres db) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT pg_current_xact_id()::text::bigint")) {
            r.next();
            return r.getLong(1);
        }
    }

    /**
     * Creates {@code n} runs, one per new thread, and waits until the queue has run them all;
     * answers the threads.
     */
    private static List<String> batch(Api api, TestPostgres db, int n) throws Exception {
        List<String> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            threads.add(api.newThread());
        }
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> created = new ArrayList<>();
            for (String tid : threads) {
                created.add(clients.submit(() -> api.post(
                                "/threads/" + tid + "/runs",
                                "{\"assistant_id\":\"counted\",\"input\":{\"trail\":[\"" + tid + "\"]}}")
                        .expect(200)));
            }
            for (Future<?> f : created) {
                f.get();
            }
        } finally {
            clients.shutdown();
        }
        long end = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        try (Connection c = db.connect(); // one connection: the database's slots are shared
                Statement s = c.createStatement()) {
            while (true) {
                try (ResultSet r =
                        s.executeQuery("SELECT count(*) FROM switchboard_server_runs WHERE queue_status <> 'done'")) {
                    r.next();
                    if (r.getInt(1) == 0) {
                        return threads;
                    }
                }
                assertTrue(System.nanoTime() < end, "runs still unfinished after 5 minutes");
                Thread.sleep(10);
            }
        }
    }

    private static Process startWorker(TestPostgres db, long sleepMs, Path log) throws IOException {
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        QueueWorkerMain.class.getName(),
                        db.url(),
                        Integer.toString(MAX_RUNS),
                        Long.toString(LEASE.toMillis()),
                        Long.toString(sleepMs))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    private static void awaitOwner(Process p, Path log) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (Files.readString(log).lines().noneMatch(l -> l.startsWith("owner "))) {
            assertTrue(p.isAlive(), () -> "a worker JVM died: " + read(log));
            assertTrue(System.nanoTime() < end, "a worker JVM did not start in 60 s");
            Thread.sleep(50);
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static double loadAverage() throws IOException {
        return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    }

    private static int count(TestPostgres db, String query) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(query)) {
            r.next();
            return r.getInt(1);
        }
    }

    /**
     * Samples every 20 ms what the schema's database sessions do: active on CPU ({@code cpu}),
     * waiting on a lock, on the WAL flush of a commit ({@code IO:WALSync}, {@code LWLock:WALWrite})
     * or on the client ({@code Client:ClientRead}, i.e. idle in a transaction).
     */
    private static final class Sampler implements Runnable {
        private final TestPostgres db;
        final Map<String, Integer> waits = new TreeMap<>();

        Sampler(TestPostgres db) {
            this.db = db;
        }

        @Override
        public void run() {
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                while (!Thread.currentThread().isInterrupted()) {
                    try (ResultSet r = s.executeQuery("SELECT coalesce(wait_event_type || ':' || wait_event, 'cpu')"
                            + " FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()"
                            + " AND backend_type = 'client backend'")) {
                        while (r.next()) {
                            waits.merge(r.getString(1), 1, Integer::sum);
                        }
                    }
                    try (ResultSet r = s.executeQuery("SELECT count(*) FROM pg_stat_activity")) {
                        r.next();
                        waits.merge("max sessions", r.getInt(1), Math::max);
                    }
                    waits.merge("samples", 1, Integer::sum);
                    Thread.sleep(20);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                waits.put("sampling failed: " + e, 0);
            }
        }
    }
}
