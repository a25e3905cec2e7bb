package dev.switchboard.bench.checkpoint;

import dev.switchboard.bench.linear.ChainUpdate;
import dev.switchboard.bench.linear.Linear;
import dev.switchboard.bench.linear.LinearGraph;
import dev.switchboard.bench.linear.LinearLangGraph4j;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.Blob;
import dev.switchboard.runtime.checkpoint.CheckpointJson;
import dev.switchboard.runtime.checkpoint.CheckpointSaver;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import java.nio.charset.StandardCharsets;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.bsc.langgraph4j.serializer.StateSerializer;
import org.bsc.langgraph4j.serializer.std.CheckpointSerializer;
import org.bsc.langgraph4j.state.AgentState;

/**
 * The size of W5's final checkpoint: what a saver has to read back to restore the state after the
 * last node. For Switchboard, the checkpoint's JSON header and metadata (the format the persistent
 * savers store) plus every value blob the final checkpoint's channel versions refer to; for
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
        CheckpointTuple tuple = saver.getTuple(THREAD, "", null).orElseThrow();
        long bytes = utf8(CheckpointJson.encodeCompact(tuple.checkpoint()).header())
                + utf8(CheckpointJson.encode(tuple.metadata()));
        for (Blob b : tuple.blobs()) {
            bytes += b.data().length;
        }
        return bytes;
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
