package dev.switchboard.bench.checkpoint;

import dev.switchboard.bench.fanout.FanOut;
import dev.switchboard.bench.fanout.FanOutGraph;
import dev.switchboard.bench.fanout.TallyUpdate;
import dev.switchboard.bench.grow.Diary;
import dev.switchboard.bench.grow.DiaryGraph;
import dev.switchboard.bench.grow.GrowWork;
import dev.switchboard.bench.grow.JournalUpdate;
import dev.switchboard.bench.linear.ChainUpdate;
import dev.switchboard.bench.linear.Linear;
import dev.switchboard.bench.linear.LinearGraph;
import dev.switchboard.bench.linear.LinearLangGraph4j;
import dev.switchboard.bench.loop.CounterUpdate;
import dev.switchboard.bench.loop.Loop;
import dev.switchboard.bench.loop.LoopGraph;
import dev.switchboard.bench.loop.LoopWork;
import dev.switchboard.bench.send.MapSend;
import dev.switchboard.bench.send.MapSendGraph;
import dev.switchboard.bench.send.ResultsUpdate;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.bsc.langgraph4j.serializer.StateSerializer;
import org.bsc.langgraph4j.serializer.std.CheckpointSerializer;
import org.bsc.langgraph4j.state.AgentState;

/**
 * The size of a workload's final checkpoint: what a saver has to read back to restore the state
 * after the last node. For Switchboard, the checkpoint's compact header and metadata (the format
 * the persistent savers store) plus every value blob the final checkpoint's channel versions refer
 * to, with the dictionary of names (stored once per store) reported beside it; for
 * LangGraph4j, the final checkpoint in its own binary serialization.
 */
public final class CheckpointBytes {
    private static final String THREAD = "checkpoint-bytes";

    private CheckpointBytes() {}

    /**
     * Runs W5 once on Switchboard with a {@link MemorySaver} and sizes the final checkpoint.
     *
     * @return its size in bytes
     */
    public static long switchboard() {
        return switchboard(new MemorySaver());
    }

    /**
     * Runs W5 once on Switchboard with the given saver and sizes the final checkpoint.
     *
     * @param saver an empty saver
     * @return its size in bytes
     */
    public static long switchboard(CheckpointSaver saver) {
        LinearGraph graph =
                LinearGraph.builder(new Linear()).checkpointer(saver).build();
        graph.invoke(ChainUpdate.of().counter(0), RunConfig.thread(THREAD));
        return size(saver.getTuple(THREAD, "", null).orElseThrow()).total();
    }

    /**
     * The parts of one final checkpoint as a persistent saver stores them.
     *
     * @param header the compact header
     * @param metadata the metadata
     * @param values the value blobs its channel versions refer to
     * @param names the dictionary of names, stored once per store (not per checkpoint or thread)
     */
    public record Size(long header, long metadata, long values, long names) {
        /**
         * What one checkpoint costs: header, metadata and values.
         *
         * @return bytes
         */
        public long total() {
            return header + metadata + values;
        }
    }

    /**
     * Sizes a checkpoint in the form the persistent savers store.
     *
     * @param tuple the checkpoint
     * @return its parts
     */
    public static Size size(CheckpointTuple tuple) {
        CheckpointJson.Compact compact = CheckpointJson.encodeCompact(tuple.checkpoint());
        long values = 0;
        for (Blob b : tuple.blobs()) {
            values += b.data().length;
        }
        return new Size(
                utf8(compact.header()), utf8(CheckpointJson.encode(tuple.metadata())), values, utf8(compact.names()));
    }

    /**
     * Each workload's Switchboard graph run once with a {@link MemorySaver}, its final checkpoint
     * sized: W1 and W5 share a graph (W5 is W1 checkpointed).
     *
     * @return the sizes by workload label, in workload order
     */
    public static Map<String, Size> perWorkload() {
        Map<String, Size> out = new LinkedHashMap<>();
        RunConfig thread = RunConfig.thread(THREAD);
        MemorySaver w1 = new MemorySaver();
        LinearGraph.builder(new Linear())
                .checkpointer(w1)
                .build()
                .invoke(ChainUpdate.of().counter(0), thread);
        out.put("W1/W5 linear 10", size(w1.getTuple(THREAD, "", null).orElseThrow()));
        MemorySaver w2 = new MemorySaver();
        FanOutGraph.builder(new FanOut())
                .checkpointer(w2)
                .build()
                .invoke(TallyUpdate.of().total(0), thread);
        out.put("W2 fan-out 8 + join", size(w2.getTuple(THREAD, "", null).orElseThrow()));
        MemorySaver w3 = new MemorySaver();
        LoopGraph.builder(new Loop())
                .checkpointer(w3)
                .build()
                .invoke(CounterUpdate.of().counter(0), thread.withRecursionLimit(LoopWork.RECURSION_LIMIT));
        out.put("W3 loop 1000", size(w3.getTuple(THREAD, "", null).orElseThrow()));
        MemorySaver w4 = new MemorySaver();
        MapSendGraph.builder(new MapSend())
                .checkpointer(w4)
                .build()
                .invoke(ResultsUpdate.of().results(List.of()), thread);
        out.put("W4 Send ×100", size(w4.getTuple(THREAD, "", null).orElseThrow()));
        return out;
    }

    /**
     * W5's state after {@code steps} steps: W1's step (count, append a node name) run as a loop
     * with a {@link MemorySaver}, its final checkpoint sized.
     *
     * @param steps the steps, each one superstep and one checkpoint
     * @return the final checkpoint's parts
     */
    public static Size afterSteps(int steps) {
        MemorySaver saver = new MemorySaver();
        DiaryGraph.builder(new Diary())
                .checkpointer(saver)
                .build()
                .invoke(
                        JournalUpdate.of().counter(0).until(steps).log(List.of()),
                        GrowWork.limit(steps).withThread(THREAD));
        return size(saver.getTuple(THREAD, "", null).orElseThrow());
    }

    /**
     * How W5's final checkpoint grows with the run: its size after 2,000 steps over its size after
     * 1,000. A checkpoint that holds the state once (not its history) grows linearly, so about 2×.
     *
     * @return the sizes after 1,000 and 2,000 steps
     */
    public static Growth growth() {
        return new Growth(afterSteps(1000), afterSteps(2000));
    }

    /**
     * W5's final checkpoint after 1,000 and after 2,000 steps.
     *
     * @param thousand after 1,000 steps
     * @param twoThousand after 2,000 steps
     */
    public record Growth(Size thousand, Size twoThousand) {
        /**
         * The growth, 2,000 steps over 1,000.
         *
         * @return the ratio of the totals
         */
        public double ratio() {
            return (double) twoThousand.total() / thousand.total();
        }
    }

    /**
     * Runs W5 once on LangGraph4j with its {@code MemorySaver} and sizes the final checkpoint.
     *
     * @return its size in bytes
     * @throws Exception if LangGraph4j fails
     */
    @SuppressWarnings("unchecked")
    public static long langgraph4j() throws Exception {
        var saver = new org.bsc.langgraph4j.checkpoint.MemorySaver();
        CompiledGraph<LinearLangGraph4j.State> graph = LinearLangGraph4j.compile(
                CompileConfig.builder().checkpointSaver(saver).build());
        RunnableConfig config = RunnableConfig.builder().threadId(THREAD).build();
        graph.invoke(LinearLangGraph4j.input(), config);
        Checkpoint last = saver.get(config).orElseThrow();
        var serializer = new CheckpointSerializer(
                (StateSerializer<AgentState>) (StateSerializer<?>) graph.stateGraph.getStateSerializer());
        return serializer.objectToBytes(last).length;
    }

    private static long utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
