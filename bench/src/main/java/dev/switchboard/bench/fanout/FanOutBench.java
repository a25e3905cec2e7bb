package dev.switchboard.bench.fanout;

import java.util.concurrent.TimeUnit;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.GraphStateException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * W2, fan-out and join, reported per node execution (ten per run). Switchboard runs the eight
 * workers of a superstep on its default executor, a shared thread pool, which is what a user gets;
 * {@link #switchboardSameThread} runs them on the caller one after another, as LangGraph4j does by
 * default and as the hand-written loop does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(FanOutWork.NODES)
public class FanOutBench {
    private FanOutGraph switchboard;
    private FanOutGraph switchboardSameThread;
    private CompiledGraph<FanOutLangGraph4j.State> langgraph4j;

    /** For JMH. */
    public FanOutBench() {}

    /**
     * Builds the graphs and checks that each implementation reaches the final state.
     *
     * @throws GraphStateException if LangGraph4j rejects its graph
     */
    @Setup
    public void setup() throws GraphStateException {
        switchboard = FanOutGraph.builder(new FanOut()).build();
        switchboardSameThread =
                FanOutGraph.builder(new FanOut()).executor(Runnable::run).build();
        langgraph4j = FanOutLangGraph4j.compile();
        for (Tally t : new Tally[] {switchboard(), switchboardSameThread(), handWritten()}) {
            FanOutWork.check(t.total(), t.items());
        }
        FanOutLangGraph4j.State l = langgraph4j();
        FanOutWork.check(l.total(), l.items());
    }

    /**
     * The Switchboard graph on its default executor.
     *
     * @return the final state
     */
    @Benchmark
    public Tally switchboard() {
        return switchboard.invoke(TallyUpdate.of().total(0)).value();
    }

    /**
     * The Switchboard graph with {@code executor(Runnable::run)}.
     *
     * @return the final state
     */
    @Benchmark
    public Tally switchboardSameThread() {
        return switchboardSameThread.invoke(TallyUpdate.of().total(0)).value();
    }

    /**
     * The LangGraph4j graph.
     *
     * @return the final state
     */
    @Benchmark
    public FanOutLangGraph4j.State langgraph4j() {
        return langgraph4j.invoke(FanOutLangGraph4j.input()).orElseThrow();
    }

    /**
     * The hand-written loop.
     *
     * @return the final state
     */
    @Benchmark
    public Tally handWritten() {
        return FanOutHandWritten.run();
    }
}
