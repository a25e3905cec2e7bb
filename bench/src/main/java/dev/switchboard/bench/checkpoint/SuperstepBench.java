package dev.switchboard.bench.checkpoint;

import dev.switchboard.bench.linear.Chain;
import dev.switchboard.bench.linear.ChainUpdate;
import dev.switchboard.bench.linear.Linear;
import dev.switchboard.bench.linear.LinearGraph;
import dev.switchboard.bench.linear.LinearWork;
import dev.switchboard.bench.loop.CounterUpdate;
import dev.switchboard.bench.loop.Loop;
import dev.switchboard.bench.loop.LoopGraph;
import dev.switchboard.bench.loop.LoopWork;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.ListOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The durable backends' cost per superstep: W5 (ten one-node supersteps, synchronous durability)
 * on SQLite and PostgreSQL (the latter given {@code SWITCHBOARD_POSTGRES_URL}, in a schema of its
 * own), reported per node execution, each run on a fresh thread deleted outside the measured time;
 * and reading back the whole history of a 1,000-step thread ({@code list}: every checkpoint with
 * its values and pending writes).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SuperstepBench {
    private static final String HISTORY_THREAD = "history";

    /** The backend. */
    @Param({"sqlite", "postgres"})
    public String backend;

    private Path file;
    private String baseUrl;
    private String schema;
    private JdbcSaver saver;
    private LinearGraph w5;
    private String thread;
    private long runs;

    /** For JMH. */
    public SuperstepBench() {}

    /**
     * Opens the store, checks W5's result and stores the 1,000-step thread.
     *
     * @throws Exception if the store cannot be opened
     */
    @Setup
    public void setup() throws Exception {
        saver = open();
        w5 = LinearGraph.builder(new Linear()).checkpointer(saver).build();
        Chain c = w5.invoke(ChainUpdate.of().counter(0), config("check")).value();
        LinearWork.check(c.counter(), c.log());
        LoopGraph.builder(new Loop())
                .checkpointer(saver)
                .build()
                .invoke(
                        CounterUpdate.of().counter(0),
                        config(HISTORY_THREAD).withRecursionLimit(LoopWork.RECURSION_LIMIT));
        int stored = saver.list(HISTORY_THREAD, "", ListOptions.ALL).size();
        if (stored < LoopWork.ROUNDS) {
            throw new IllegalStateException("the history thread has " + stored + " checkpoints");
        }
    }

    private JdbcSaver open() throws Exception {
        if (backend.equals("sqlite")) {
            file = Files.createTempFile("switchboard-superstep-bench-", ".db");
            return SqliteSaver.file(file);
        }
        baseUrl = System.getenv("SWITCHBOARD_POSTGRES_URL");
        if (baseUrl == null) {
            throw new IllegalStateException("set SWITCHBOARD_POSTGRES_URL to benchmark the PostgreSQL saver");
        }
        schema = "sbbench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        execute("CREATE SCHEMA " + schema);
        return PostgresSaver.url(baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema);
    }

    private static RunConfig config(String thread) {
        return RunConfig.thread(thread).withDurability(Durability.SYNC);
    }

    /**
     * Closes the store and removes it.
     *
     * @throws Exception if it cannot be removed
     */
    @TearDown
    public void tearDown() throws Exception {
        saver.close();
        if (file != null) {
            for (String suffix : new String[] {"", "-wal", "-shm"}) {
                Files.deleteIfExists(Path.of(file + suffix));
            }
        } else {
            execute("DROP SCHEMA " + schema + " CASCADE");
        }
    }

    private void execute(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(baseUrl);
                Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** Deletes the thread the last W5 run wrote, outside the measured time. */
    @TearDown(Level.Invocation)
    public void deleteThread() {
        if (thread != null) {
            saver.deleteThread(thread);
            thread = null;
        }
    }

    /**
     * W5 with synchronous durability: per node execution, each one superstep and one checkpoint.
     *
     * @return the final state
     */
    @Benchmark
    @OperationsPerInvocation(LinearWork.NODES)
    public Chain w5() {
        thread = "t-" + ++runs;
        return w5.invoke(ChainUpdate.of().counter(0), config(thread)).value();
    }

    /**
     * The whole history of a 1,000-step thread, newest first.
     *
     * @return the checkpoints
     */
    @Benchmark
    public List<CheckpointTuple> history1000() {
        return saver.list(HISTORY_THREAD, "", ListOptions.ALL);
    }
}
