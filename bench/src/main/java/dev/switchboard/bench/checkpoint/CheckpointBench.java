package dev.switchboard.bench.checkpoint;

import dev.switchboard.bench.PostgresSchema;
import dev.switchboard.bench.linear.Chain;
import dev.switchboard.bench.linear.ChainUpdate;
import dev.switchboard.bench.linear.Linear;
import dev.switchboard.bench.linear.LinearGraph;
import dev.switchboard.bench.linear.LinearLangGraph4j;
import dev.switchboard.bench.linear.LinearWork;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.PostgresSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.RunnableConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * W5, W1 with a checkpointer and a fresh thread per run, reported per node execution (W1 runs one
 * node per superstep, so also per superstep): in memory for Switchboard, LangGraph4j and the
 * hand-written loop, and for Switchboard in a SQLite file and on PostgreSQL ({@link Postgres}, given
 * {@code SWITCHBOARD_POSTGRES_URL}).
 * Each invocation deletes its thread afterwards, so the stores stay small over millions of runs and
 * the timings stay those of a steady state; the deletion is part of the measured time (in memory it
 * costs well under one node execution; in SQLite it is one more transaction beside the run's 22).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(LinearWork.NODES)
public class CheckpointBench {
    private CheckpointSaver switchboardSaver;
    private LinearGraph switchboard;
    private org.bsc.langgraph4j.checkpoint.MemorySaver langgraph4jSaver;
    private CompiledGraph<LinearLangGraph4j.State> langgraph4j;
    private Path sqliteFile;
    private JdbcSaver sqliteSaver;
    private LinearGraph switchboardSqlite;
    private long runs;

    /** For JMH. */
    public CheckpointBench() {}

    /**
     * Builds the graphs and checks that each implementation reaches the final state.
     *
     * @throws Exception if LangGraph4j rejects its graph
     */
    @Setup
    public void setup() throws Exception {
        switchboardSaver = new MemorySaver();
        switchboard =
                LinearGraph.builder(new Linear()).checkpointer(switchboardSaver).build();
        langgraph4jSaver = new org.bsc.langgraph4j.checkpoint.MemorySaver();
        langgraph4j = LinearLangGraph4j.compile(
                CompileConfig.builder().checkpointSaver(langgraph4jSaver).build());
        sqliteFile = Files.createTempFile("switchboard-bench-", ".db");
        sqliteSaver = SqliteSaver.file(sqliteFile);
        switchboardSqlite =
                LinearGraph.builder(new Linear()).checkpointer(sqliteSaver).build();
        Chain s = switchboard();
        LinearWork.check(s.counter(), s.log());
        Chain q = switchboardSqlite();
        LinearWork.check(q.counter(), q.log());
        LinearLangGraph4j.State l = langgraph4j();
        LinearWork.check(l.counter(), l.log());
        Chain h = handWritten().state();
        LinearWork.check(h.counter(), h.log());
    }

    /**
     * Closes the SQLite store and deletes its files.
     *
     * @throws IOException if a file cannot be deleted
     */
    @TearDown
    public void tearDown() throws IOException {
        sqliteSaver.close();
        for (String suffix : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(Path.of(sqliteFile + suffix));
        }
    }

    private String nextThread() {
        return "t-" + ++runs;
    }

    /**
     * The Switchboard graph with a {@code MemorySaver}.
     *
     * @return the final state
     */
    @Benchmark
    public Chain switchboard() {
        String thread = nextThread();
        Chain out = switchboard
                .invoke(ChainUpdate.of().counter(0), RunConfig.thread(thread))
                .value();
        switchboardSaver.deleteThread(thread);
        return out;
    }

    /**
     * The Switchboard graph with a SQLite file.
     *
     * @return the final state
     */
    @Benchmark
    public Chain switchboardSqlite() {
        String thread = nextThread();
        Chain out = switchboardSqlite
                .invoke(ChainUpdate.of().counter(0), RunConfig.thread(thread))
                .value();
        sqliteSaver.deleteThread(thread);
        return out;
    }

    /**
     * The Switchboard graph checkpointing to PostgreSQL.
     *
     * @param pg the saver, in a schema of its own
     * @return the final state
     */
    @Benchmark
    public Chain switchboardPostgres(Postgres pg) {
        String thread = nextThread();
        Chain out = pg.graph
                .invoke(ChainUpdate.of().counter(0), RunConfig.thread(thread))
                .value();
        pg.saver.deleteThread(thread);
        return out;
    }

    /**
     * W5's PostgreSQL saver, a state of its own so that only {@link #switchboardPostgres} needs a
     * server: {@code bench/run.sh} leaves that benchmark out, saying why, when {@code
     * SWITCHBOARD_POSTGRES_URL} is unset.
     */
    @State(Scope.Benchmark)
    public static class Postgres {
        private PostgresSchema schema;
        private JdbcSaver saver;
        private LinearGraph graph;

        /** For JMH. */
        public Postgres() {}

        /**
         * Creates a schema, opens the saver and checks the final state of one run.
         *
         * @throws SQLException if the server refuses the schema
         */
        @Setup
        public void setup() throws SQLException {
            schema = PostgresSchema.create();
            saver = PostgresSaver.url(schema.url());
            graph = LinearGraph.builder(new Linear()).checkpointer(saver).build();
            Chain c = graph.invoke(ChainUpdate.of().counter(0), RunConfig.thread("check"))
                    .value();
            LinearWork.check(c.counter(), c.log());
        }

        /**
         * Closes the saver and drops the schema.
         *
         * @throws SQLException if the schema cannot be dropped
         */
        @TearDown
        public void tearDown() throws SQLException {
            saver.close();
            schema.close();
        }
    }

    /**
     * The LangGraph4j graph with its {@code MemorySaver}.
     *
     * @return the final state
     * @throws Exception if LangGraph4j fails to release the thread
     */
    @Benchmark
    public LinearLangGraph4j.State langgraph4j() throws Exception {
        RunnableConfig config = RunnableConfig.builder().threadId(nextThread()).build();
        LinearLangGraph4j.State out =
                langgraph4j.invoke(LinearLangGraph4j.input(), config).orElseThrow();
        langgraph4jSaver.release(config);
        return out;
    }

    /**
     * The hand-written loop that encodes each step's writes.
     *
     * @return the final state and the encoded steps
     */
    @Benchmark
    public CheckpointedHandWritten.Run handWritten() {
        return CheckpointedHandWritten.run();
    }
}
