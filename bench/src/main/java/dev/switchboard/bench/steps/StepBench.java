package dev.switchboard.bench.steps;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What a recorded durable step costs: one node doing ten units of work, checkpointed in memory on a
 * fresh thread per run, with the work as plain calls ({@link #plain}) and as durable steps ({@link
 * #recorded}: each result encoded and stored as a pending write before the node goes on), and as
 * steps without a checkpointer ({@link #unstored}: kept in the task for its retries only). Reported
 * per unit of work: the difference between {@code recorded} and {@code plain} is a recorded step's
 * time and allocation; the bytes a record stores are {@link StepBytes}'.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(StepWork.UNITS)
public class StepBench {
    private MemorySaver plainSaver;
    private MemorySaver recordedSaver;
    private StepWorkGraph plainGraph;
    private StepWorkGraph recordedGraph;
    private StepWorkGraph unstoredGraph;
    private long runs;

    /** For JMH. */
    public StepBench() {}

    /** Builds the graphs and checks that each reaches the final state. */
    @Setup
    public void setup() {
        plainSaver = new MemorySaver();
        recordedSaver = new MemorySaver();
        plainGraph = StepWorkGraph.builder(new StepWork(false))
                .checkpointer(plainSaver)
                .executor(Runnable::run)
                .build();
        recordedGraph = StepWorkGraph.builder(new StepWork(true))
                .checkpointer(recordedSaver)
                .executor(Runnable::run)
                .build();
        unstoredGraph = StepWorkGraph.builder(new StepWork(true))
                .executor(Runnable::run)
                .build();
        StepWork.check(plain());
        StepWork.check(recorded());
        StepWork.check(unstored());
    }

    private Ledger run(StepWorkGraph graph, MemorySaver saver) {
        String thread = "t-" + ++runs;
        Ledger out = graph.invoke(LedgerUpdate.of(), RunConfig.thread(thread)).value();
        saver.deleteThread(thread);
        return out;
    }

    /**
     * The work as plain calls, checkpointed.
     *
     * @return the final state
     */
    @Benchmark
    public Ledger plain() {
        return run(plainGraph, plainSaver);
    }

    /**
     * The work as durable steps, each recorded as a pending write.
     *
     * @return the final state
     */
    @Benchmark
    public Ledger recorded() {
        return run(recordedGraph, recordedSaver);
    }

    /**
     * The work as durable steps without a checkpointer: kept in the task only.
     *
     * @return the final state
     */
    @Benchmark
    public Ledger unstored() {
        return unstoredGraph.invoke(LedgerUpdate.of()).value();
    }
}
