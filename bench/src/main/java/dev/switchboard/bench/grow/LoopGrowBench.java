package dev.switchboard.bench.grow;

import dev.switchboard.runtime.RunConfig;
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
 * W3 at 100, 1,000 and 10,000 supersteps, timed per run; the table reports it per superstep.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LoopGrowBench {
    /** Supersteps per run. */
    @Param({"100", "1000", "10000"})
    public int rounds;

    private LongLoopGraph graph;
    private RunConfig config;

    /** For JMH. */
    public LoopGrowBench() {}

    /** Builds the graph and checks a run's final state. */
    @Setup
    public void setup() {
        graph = LongLoopGraph.builder(new LongLoop()).build();
        config = GrowWork.limit(rounds);
        GrowWork.checkLoop(switchboard(), rounds);
    }

    /**
     * One run of {@link #rounds} supersteps.
     *
     * @return the final state
     */
    @Benchmark
    public Target switchboard() {
        return graph.invoke(TargetUpdate.of().counter(0).until(rounds), config).value();
    }
}
