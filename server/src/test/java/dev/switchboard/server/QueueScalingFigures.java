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
 * many threads (created beforehand: the runs are measured, not the threads), timed from the first
 * create to the last run done, after a warm-up of {@link #WARM_UP} runs. While it runs, the
 * database's sessions are sampled (what they wait on) and the machine's load average is read, to
 * tell CPU from commit or lock limits, and the CPU each side spent per run is read from {@code
 * /proc}: the front JVM (with the test's HTTP clients; in parentheses its server's own threads, HTTP
 * and queue, without the clients, the sampler, GC and JIT), the worker JVMs together and the database
 * cluster (when it runs on this machine), the first two without their JIT compiler threads, whose
 * CPU is its own column (JIT is a start-up cost: after 40 runs it still took more CPU per run than
 * the runs). Not in the default suite (the name matches no test pattern): run it with {@code
 * -Dtest=QueueScalingFigures -Dswitchboard.figures=true} and {@code SWITCHBOARD_POSTGRES_URL}; it
 * prints a table. {@code -Dswitchboard.figures.workers=1,2}, {@code .sleeps=0}, {@code .runs},
 * {@code .warmup} choose what to measure; {@code -Dswitchboard.figures.jfr=DIR} records the
 * measured batch of the front and of each worker with Flight Recorder and prints each thread's CPU
 * per run.
 */
@EnabledIfSystemProperty(named = "switchboard.figures", matches = "true")
class QueueScalingFigures {
    private static final int RUNS = Integer.getInteger("switchboard.figures.runs", 200);
    /**
     * Runs before each figure: enough for the JIT to have compiled the hot paths of each JVM (at 40,
     * the compiler threads still took more CPU per run than the runs themselves).
     */
    private static final int WARM_UP = Integer.getInteger("switchboard.figures.warmup", 400);

    private static final int MAX_RUNS = 8;
    private static final Duration LEASE = Duration.ofMillis(5000);
    /** Which worker counts and node sleeps to measure (comma-separated), by default 1,2,4 and 0,20. */
    private static final String WORKERS = System.getProperty("switchboard.figures.workers", "1,2,4");

    private static final String SLEEPS = System.getProperty("switchboard.figures.sleeps", "0,20");
    /**
     * A directory for flight recordings of the measured batch (front and each worker), when set:
     * {@code jfr print --events jdk.ExecutionSample} shows where the CPU goes.
     */
    private static final String JFR = System.getProperty("switchboard.figures.jfr");
    /**
     * The recordings' settings: a name the JDK knows ({@code profile}, samples every 10 ms) or the
     * path of a {@code .jfc} file (say one sampling every millisecond, for a short batch).
     */
    private static final String JFR_SETTINGS = System.getProperty("switchboard.figures.jfr.settings", "profile");

    @Test
    void runsPerSecondWithOneTwoAndFourWorkers() throws Exception {
        List<String> table = new ArrayList<>();
        table.add(String.format(
                "%-10s %7s %9s %8s %8s %10s %32s %8s  %s",
                "graph",
                "workers",
                "runs/s",
                "p50 ms",
                "p99 ms",
                "xids/run",
                "cpu ms/run fr (srv)/wk/db jit",
                "load1",
                "db sessions sampled"));
        for (String sleepText : SLEEPS.split(",")) {
            long sleep = Long.parseLong(sleepText.trim());
            for (String workerText : WORKERS.split(",")) {
                int workers = Integer.parseInt(workerText.trim());
                Figure f = measure(workers, sleep);
                table.add(String.format(
                        "%-10s %7d %9.1f %8.1f %8.1f %10.1f %32s %8.2f  %s",
                        sleep == 0 ? "3 nodes" : "3x" + sleep + " ms",
                        workers,
                        f.runsPerSecond,
                        f.p50,
                        f.p99,
                        f.commitsPerRun,
                        f.cpu,
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
            String cpu,
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
            front.worker().stalled = true; // the front only inserts: the workers run everything,
            front.pipeline().startsNothing = true; // even the runs it could claim as it creates them
            Path logs = Files.createTempDirectory("switchboard-figures");
            for (int i = 0; i < workerCount; i++) {
                workers.add(startWorker(db, sleepMs, logs.resolve("worker-" + i + ".log")));
            }
            for (int i = 0; i < workerCount; i++) {
                awaitOwner(workers.get(i), logs.resolve("worker-" + i + ".log"));
            }
            Api api = new Api(front.url(), null);
            batch(api, db, threads(api, WARM_UP)); // JIT and connection warm-up on every worker
            analyze(db);
            if (Boolean.getBoolean("switchboard.figures.resetStatements")) {
                resetStatements(db);
            }
            List<String> measured = threads(api, RUNS); // threads first: the runs are measured
            Sampler sampler = new Sampler(db);
            String tag = "w" + workerCount + "-s" + sleepMs;
            jdk.jfr.Recording recording = JFR == null ? null : record(workers);
            long postmaster = postmaster(db);
            long[] cpu0 = cpu(workers, postmaster);
            Map<String, Long> threads0 = threadCpu(workers);
            long commits0 = commits(db);
            long t0 = System.nanoTime();
            Thread sampling = new Thread(sampler, "figures-sampler");
            sampling.setDaemon(true);
            sampling.start();
            batch(api, db, measured);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long[] cpu1 = cpu(workers, postmaster);
            Map<String, Long> threads1 = threadCpu(workers);
            long[] jit = new long[2]; // the compiler threads' CPU, front and workers
            long[] server = new long[1]; // the front's server threads: its HTTP and queue threads
            byName(threads0, threads1).forEach((name, d) -> {
                if (name.contains("CompilerThre")) {
                    jit[name.startsWith("front") ? 0 : 1] += d;
                }
                if (name.startsWith("front switchboard-") || name.equals("front HTTP-Dispatcher")) {
                    server[0] += d;
                }
                if (d > 0 && JFR != null) {
                    System.out.printf("[threads] %s %-40s %7.2f ms/run%n", tag, name, d / (double) RUNS);
                }
            });
            if (recording != null) {
                dump(recording, workers, Path.of(JFR), tag);
            }
            double commitsPerRun = (commits(db) - commits0 - 1) / (double) RUNS;
            sampling.interrupt();
            sampling.join();
            assertEquals(
                    WARM_UP + RUNS,
                    count(
                            db,
                            "SELECT count(*) FROM switchboard_server_runs WHERE row_json::jsonb ->> 'status' = 'success'"));
            double[] latency = latency(db, measured);
            String cpu = String.format(
                    "%.1f (%.1f)/%.1f/%s %.1f",
                    (cpu1[0] - cpu0[0] - jit[0]) / (double) RUNS,
                    server[0] / (double) RUNS,
                    (cpu1[1] - cpu0[1] - jit[1]) / (double) RUNS,
                    postmaster < 0 ? "n/a" : String.format("%.1f", (cpu1[2] - cpu0[2]) / (double) RUNS),
                    (jit[0] + jit[1]) / (double) RUNS);
            return new Figure(RUNS / seconds, latency[0], latency[1], commitsPerRun, cpu, loadAverage(), sampler.waits);
        } finally {
            workers.forEach(Process::destroyForcibly);
        }
    }

    /**
     * CPU time so far in milliseconds (user and system, from {@code /proc}): of this JVM (the front
     * and the test's HTTP clients), of the worker JVMs together, and of the database cluster (its
     * postmaster's children alive, plus those it reaped); 0 where {@code /proc} is not readable.
     */
    private static long[] cpu(List<Process> workers, long postmaster) {
        long front = cpuOf(ProcessHandle.current().pid(), false);
        long worker = 0;
        for (Process p : workers) {
            worker += cpuOf(p.pid(), false);
        }
        long db = 0;
        if (postmaster > 0) {
            db = cpuOf(postmaster, true);
            try (java.util.stream.Stream<Path> all = Files.list(Path.of("/proc"))) {
                for (Path p : (Iterable<Path>) all::iterator) {
                    String name = p.getFileName().toString();
                    if (name.chars().allMatch(Character::isDigit)) {
                        String[] f = stat(Long.parseLong(name));
                        if (f != null && Long.parseLong(f[1]) == postmaster) {
                            db += cpuOf(Long.parseLong(name), false);
                        }
                    }
                }
            } catch (IOException e) {
                return new long[] {front, worker, 0};
            }
        }
        return new long[] {front, worker, db};
    }

    /**
     * CPU spent between two {@link #threadCpu} readings, by process and thread name: each thread's
     * own difference, so a thread that ended meanwhile (an idle pool thread let go, the test's
     * clients) takes nothing away from the others of its name.
     */
    private static Map<String, Long> byName(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> out = new TreeMap<>();
        after.forEach((key, ms) ->
                out.merge(key.substring(key.indexOf(' ') + 1), ms - before.getOrDefault(key, 0L), Long::sum));
        return out;
    }

    /**
     * CPU ms by thread ({@code tid}, a space, then process and thread name, digits dropped), from
     * {@code /proc}.
     */
    private static Map<String, Long> threadCpu(List<Process> workers) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        List<Long> pids = new ArrayList<>();
        pids.add(ProcessHandle.current().pid());
        workers.forEach(p -> pids.add(p.pid()));
        for (int i = 0; i < pids.size(); i++) {
            String who = i == 0 ? "front " : "worker ";
            try (java.util.stream.Stream<Path> tasks =
                    Files.list(Path.of("/proc", pids.get(i).toString(), "task"))) {
                for (Path t : (Iterable<Path>) tasks::iterator) {
                    String text = Files.readString(t.resolve("stat"));
                    String name = text.substring(text.indexOf('(') + 1, text.lastIndexOf(')'))
                            .replaceAll("[0-9]+", "N");
                    String[] f = text.substring(text.lastIndexOf(')') + 2).split(" ");
                    out.put(t.getFileName() + " " + who + name, (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10);
                }
            } catch (IOException | RuntimeException e) {
                // a thread ended meanwhile
            }
        }
        return out;
    }

    /** A process's CPU in ms; with {@code reaped}, its waited-for children's too. */
    private static long cpuOf(long pid, boolean reaped) {
        String[] f = stat(pid);
        if (f == null) {
            return 0;
        }
        // after the command's closing parenthesis: state is field 0 here, utime 11, stime 12, cutime 13, cstime 14
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        if (reaped) {
            ticks += Long.parseLong(f[13]) + Long.parseLong(f[14]);
        }
        return ticks * 10; // USER_HZ is 100 on Linux
    }

    /** The fields of {@code /proc/<pid>/stat} after the command name, or null. */
    private static String[] stat(long pid) {
        try {
            String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return s.substring(s.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The database cluster's postmaster on this machine (a session's parent), or -1. */
    private static long postmaster(TestPostgres db) {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT pg_backend_pid()")) {
            if (!r.next() || !db.url().contains("localhost")) {
                return -1;
            }
            String[] f = stat(r.getLong(1));
            return f == null ? -1 : Long.parseLong(f[1]);
        } catch (Exception e) {
            return -1;
        }
    }

    /** Starts flight recordings in this JVM and, through {@code jcmd}, in each worker. */
    private static jdk.jfr.Recording record(List<Process> workers) throws Exception {
        for (Process p : workers) {
            jcmd(p, "JFR.start", "name=figures", "settings=" + JFR_SETTINGS);
        }
        jdk.jfr.Configuration settings = JFR_SETTINGS.endsWith(".jfc")
                ? jdk.jfr.Configuration.create(Path.of(JFR_SETTINGS))
                : jdk.jfr.Configuration.getConfiguration(JFR_SETTINGS);
        jdk.jfr.Recording r = new jdk.jfr.Recording(settings);
        r.start();
        return r;
    }

    private static void dump(jdk.jfr.Recording front, List<Process> workers, Path dir, String tag) throws Exception {
        Files.createDirectories(dir);
        front.stop();
        front.dump(dir.resolve("front-" + tag + ".jfr"));
        front.close();
        for (int i = 0; i < workers.size(); i++) {
            jcmd(
                    workers.get(i),
                    "JFR.stop",
                    "name=figures",
                    "filename=" + dir.resolve("worker" + i + "-" + tag + ".jfr"));
        }
    }

    private static void jcmd(Process p, String... command) throws Exception {
        List<String> args = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(p.pid())));
        args.addAll(List.of(command));
        Process j = new ProcessBuilder(args).redirectErrorStream(true).start();
        String out = new String(j.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, j.waitFor(), () -> "jcmd failed: " + out);
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
     * Gathers the planner's statistics of the schema's tables, as autovacuum does within a minute of
     * a live database's tables growing (its default nap is a minute; a figure's schema is younger):
     * each connection keeps the generic plans it made while the tables were a page or two, where a
     * sequential scan is the cheapest plan, until statistics arrive. Without this the figures
     * measured scans of tables that a live database would read by their indexes (the head move's
     * lookup of the previous checkpoint read every checkpoint row, 236 buffers per checkpoint at
     * 600 runs).
     */
    private static void analyze(TestPostgres db) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet r = s.executeQuery("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")) {
                while (r.next()) {
                    tables.add(r.getString(1));
                }
            }
            for (String t : tables) {
                s.execute("ANALYZE " + t);
            }
        }
    }

    /**
     * Empties {@code pg_stat_statements} after the warm-up (with {@code
     * -Dswitchboard.figures.resetStatements=true}, one figure at a time), so that it then holds the
     * measured runs' statements alone; the role needs the right to call it.
     */
    private static void resetStatements(TestPostgres db) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            String schema = null;
            try (ResultSet r = s.executeQuery("SELECT n.nspname FROM pg_extension e JOIN pg_namespace n"
                    + " ON n.oid = e.extnamespace WHERE e.extname = 'pg_stat_statements'")) {
                assertTrue(r.next(), "pg_stat_statements is not installed in the database");
                schema = r.getString(1);
            }
            s.execute("SELECT " + schema + ".pg_stat_statements_reset()");
        }
    }

    /** Creates {@code n} threads; answers their ids. */
    private static List<String> threads(Api api, int n) throws Exception {
        List<String> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            threads.add(api.newThread());
        }
        return threads;
    }

    /**
     * Creates a run on each thread, from four clients, and waits until the queue has run them all
     * (asking only the partial indexes of pending and running runs, every 10 ms).
     */
    private static void batch(Api api, TestPostgres db, List<String> threads) throws Exception {
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
                try (ResultSet r = s.executeQuery("SELECT EXISTS (SELECT 1 FROM switchboard_server_runs"
                        + " WHERE queue_status = 'pending') OR EXISTS (SELECT 1 FROM switchboard_server_runs"
                        + " WHERE queue_status IN ('running', 'cancelling'))")) {
                    r.next();
                    if (!r.getBoolean(1)) {
                        return;
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
