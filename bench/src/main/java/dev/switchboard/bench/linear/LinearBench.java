package dev.switchboard.bench.linear;

import dev.switchboard.opentelemetry.OpenTelemetryListener;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.util.concurrent.TimeUnit;
import org.bsc.langgraph4j.CompileConfig;
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
 * W1, linear: one run of n1 → … → n10 per invocation, reported per node execution. The graphs are
 * built once; each invocation is a fresh run from the same input.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@OperationsPerInvocation(LinearWork.NODES)
public class LinearBench {
    private LinearGraph switchboard;
    private LinearGraph tracedNoop;
    private LinearGraph tracedSdk;
    private CompiledGraph<LinearLangGraph4j.State> langgraph4j;

    /** For JMH. */
    public LinearBench() {}

    /**
     * Builds the graphs and checks that each implementation reaches the final state.
     *
     * @throws GraphStateException if LangGraph4j rejects its graph
     */
    @Setup
    public void setup() throws GraphStateException {
        switchboard = LinearGraph.builder(new Linear()).build();
        // The listener on OpenTelemetry's no-op API, then on an SDK that records spans but exports
        // none: the cost of the listener calls alone, then of building real spans.
        tracedNoop = LinearGraph.builder(new Linear())
                .listener(OpenTelemetryListener.create(OpenTelemetry.noop()))
                .build();
        tracedSdk = LinearGraph.builder(new Linear())
                .listener(OpenTelemetryListener.create(OpenTelemetrySdk.builder()
                        .setTracerProvider(SdkTracerProvider.builder().build())
                        .build()))
                .build();
        LinearWork.check(
                switchboardTracedNoop().counter(), switchboardTracedNoop().log());
        LinearWork.check(
                switchboardTracedSdk().counter(), switchboardTracedSdk().log());
        langgraph4j = LinearLangGraph4j.compile(CompileConfig.builder().build());
        Chain s = switchboard();
        LinearWork.check(s.counter(), s.log());
        LinearLangGraph4j.State l = langgraph4j();
        LinearWork.check(l.counter(), l.log());
        Chain h = handWritten();
        LinearWork.check(h.counter(), h.log());
    }

    /**
     * The Switchboard graph.
     *
     * @return the final state
     */
    @Benchmark
    public Chain switchboard() {
        return switchboard.invoke(ChainUpdate.of().counter(0)).value();
    }

    /**
     * The Switchboard graph traced by the OpenTelemetry listener on the no-op API.
     *
     * @return the final state
     */
    @Benchmark
    public Chain switchboardTracedNoop() {
        return tracedNoop.invoke(ChainUpdate.of().counter(0)).value();
    }

    /**
     * The Switchboard graph traced by the OpenTelemetry listener on an SDK without exporter.
     *
     * @return the final state
     */
    @Benchmark
    public Chain switchboardTracedSdk() {
        return tracedSdk.invoke(ChainUpdate.of().counter(0)).value();
    }

    /**
     * The LangGraph4j graph.
     *
     * @return the final state
     */
    @Benchmark
    public LinearLangGraph4j.State langgraph4j() {
        return langgraph4j.invoke(LinearLangGraph4j.input()).orElseThrow();
    }

    /**
     * The hand-written loop.
     *
     * @return the final state
     */
    @Benchmark
    public Chain handWritten() {
        return LinearHandWritten.run();
    }
}
