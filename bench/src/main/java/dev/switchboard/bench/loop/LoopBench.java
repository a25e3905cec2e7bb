package dev.switchboard.bench.loop;

import dev.switchboard.runtime.RunConfig;
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

/** W3, a loop of 1000 agent runs, reported per superstep (one agent run each). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(LoopWork.ROUNDS)
public class LoopBench {
    private static final RunConfig CONFIG = RunConfig.defaults().withRecursionLimit(LoopWork.RECURSION_LIMIT);

    private LoopGraph switchboard;
    private CompiledGraph<LoopLangGraph4j.State> langgraph4j;

    /** For JMH. */
    public LoopBench() {}

    /**
     * Builds the graphs and checks that each implementation reaches the final state.
     *
     * @throws GraphStateException if LangGraph4j rejects its graph
     */
    @Setup
    public void setup() throws GraphStateException {
        switchboard = LoopGraph.builder(new Loop()).build();
        langgraph4j = LoopLangGraph4j.compile();
        LoopWork.check(switchboard().counter());
        LoopWork.check(langgraph4j().counter());
        LoopWork.check(handWritten().counter());
    }

    /**
     * The Switchboard graph.
     *
     * @return the final state
     */
    @Benchmark
    public Counter switchboard() {
        return switchboard.invoke(CounterUpdate.of().counter(0), CONFIG).value();
    }

    /**
     * The LangGraph4j graph.
     *
     * @return the final state
     */
    @Benchmark
    public LoopLangGraph4j.State langgraph4j() {
        return langgraph4j.invoke(LoopLangGraph4j.input()).orElseThrow();
    }

    /**
     * The hand-written loop.
     *
     * @return the final state
     */
    @Benchmark
    public Counter handWritten() {
        return LoopHandWritten.run();
    }
}
