package dev.switchboard.bench.grow;

import dev.switchboard.runtime.RunConfig;
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
 * A state of 10, 1,000 and 100,000 messages: each run starts from a log of that many entries and
 * takes {@link GrowWork#STATE_STEPS} steps, each reading the state and appending one entry (an
 * append reducer, as a chat's messages). Timed per run; the table reports it per step. No
 * checkpointer: the cost of a step of the runtime itself, which should not depend on how much
 * state it carries (a checkpoint stores a changed channel's whole value, as LangGraph's does).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StateGrowBench {
    /** Entries in the state when the run starts. */
    @Param({"10", "1000", "100000"})
    public int messages;

    private DiaryGraph graph;
    private List<String> initial;
    private RunConfig config;

    /** For JMH. */
    public StateGrowBench() {}

    /** Builds the graph and the initial log, and checks a run's final state. */
    @Setup
    public void setup() {
        graph = DiaryGraph.builder(new Diary()).build();
        initial = GrowWork.log(messages);
        config = GrowWork.limit(GrowWork.STATE_STEPS);
        GrowWork.checkJournal(switchboard(), messages, GrowWork.STATE_STEPS);
    }

    /**
     * One run of {@link GrowWork#STATE_STEPS} steps on a state of {@link #messages} entries.
     *
     * @return the final state
     */
    @Benchmark
    public Journal switchboard() {
        return graph.invoke(
                        JournalUpdate.of()
                                .counter(0)
                                .until(GrowWork.STATE_STEPS)
                                .log(initial),
                        config)
                .value();
    }
}
