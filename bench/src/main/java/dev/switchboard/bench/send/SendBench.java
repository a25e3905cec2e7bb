package dev.switchboard.bench.send;

import java.util.List;
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
 * W4, map-reduce over 100 {@code Send}s, reported per worker execution. As in W2, Switchboard runs
 * on its default executor and, in {@link #switchboardSameThread}, on the caller. LangGraph4j has no
 * {@code Send}; see {@link SendLangGraph4j} for the emulation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(SendWork.WORKERS)
public class SendBench {
    private MapSendGraph switchboard;
    private MapSendGraph switchboardSameThread;
    private CompiledGraph<SendLangGraph4j.State> langgraph4j;

    /** For JMH. */
    public SendBench() {}

    /**
     * Builds the graphs and checks that each implementation reaches the final state.
     *
     * @throws GraphStateException if LangGraph4j rejects its graph
     */
    @Setup
    public void setup() throws GraphStateException {
        switchboard = MapSendGraph.builder(new MapSend()).build();
        switchboardSameThread =
                MapSendGraph.builder(new MapSend()).executor(Runnable::run).build();
        langgraph4j = SendLangGraph4j.compile();
        SendWork.check(switchboard().results());
        SendWork.check(switchboardSameThread().results());
        SendWork.check(langgraph4j().results());
        SendWork.check(handWritten().results());
    }

    /**
     * The Switchboard graph on its default executor.
     *
     * @return the final state
     */
    @Benchmark
    public Results switchboard() {
        return switchboard.invoke(ResultsUpdate.of().results(List.of())).value();
    }

    /**
     * The Switchboard graph with {@code executor(Runnable::run)}.
     *
     * @return the final state
     */
    @Benchmark
    public Results switchboardSameThread() {
        return switchboardSameThread
                .invoke(ResultsUpdate.of().results(List.of()))
                .value();
    }

    /**
     * The LangGraph4j emulation with static workers.
     *
     * @return the final state
     */
    @Benchmark
    public SendLangGraph4j.State langgraph4j() {
        return langgraph4j.invoke(SendLangGraph4j.input()).orElseThrow();
    }

    /**
     * The hand-written loop.
     *
     * @return the final state
     */
    @Benchmark
    public Results handWritten() {
        return SendHandWritten.run();
    }
}
