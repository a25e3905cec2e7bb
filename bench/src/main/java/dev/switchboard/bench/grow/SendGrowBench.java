package dev.switchboard.bench.grow;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * W4 at 10, 100 and 1,000 {@code Send}s on the default executor, timed per run; the table reports
 * it per worker.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SendGrowBench {
    /** Sends, and worker executions, per run. */
    @Param({"10", "100", "1000"})
    public int width;

    private WideSendGraph graph;

    /** For JMH. */
    public SendGrowBench() {}

    /** Builds the graph and checks a run's final state. */
    @Setup
    public void setup() {
        graph = WideSendGraph.builder(new WideSend()).build();
        GrowWork.checkSend(switchboard(), width);
    }

    /**
     * One run of {@link #width} workers.
     *
     * @return the final state
     */
    @Benchmark
    public Batch switchboard() {
        return graph.invoke(BatchUpdate.of().width(width).results(List.of())).value();
    }
}
