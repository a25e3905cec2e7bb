package dev.switchboard.bench.steps;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.List;

/**
 * The bytes a recorded step stores: runs the step workload once with a memory saver and, in the
 * checkpoint its node's step started from (which keeps the node's pending writes), sums the {@code __step__}
 * writes' values (the record's JSON, {@code {"name":"unit-0","value":{"id":"r-0","cents":100}}}) and
 * names. A database row adds its own key columns (thread, namespace, checkpoint, task id, index).
 */
public final class StepBytes {
    private StepBytes() {}

    /**
     * Prints the bytes per recorded step.
     *
     * @param args none
     */
    public static void main(String[] args) {
        Measured m = measure();
        System.out.println("recorded steps: " + m.steps() + ", value bytes per step: " + m.valueBytesPerStep()
                + ", channel and value bytes per step: " + m.bytesPerStep());
    }

    /**
     * The measurement.
     *
     * @param steps how many step records the node stored
     * @param valueBytesPerStep the record's stored value, per step
     * @param bytesPerStep the value with its channel name and task id, per step
     */
    public record Measured(int steps, int valueBytesPerStep, int bytesPerStep) {}

    /**
     * Measures.
     *
     * @return the bytes per step
     */
    public static Measured measure() {
        MemorySaver saver = new MemorySaver();
        StepWorkGraph graph =
                StepWorkGraph.builder(new StepWork(true)).checkpointer(saver).build();
        graph.invoke(LedgerUpdate.of(), RunConfig.thread("bytes"));
        // The steps were stored against the step's starting checkpoint: the head's parent.
        String parent = saver.getTuple("bytes", "", null).orElseThrow().parentId();
        List<PendingWrite> writes =
                saver.getTuple("bytes", "", parent).orElseThrow().pendingWrites();
        int steps = 0;
        int values = 0;
        int all = 0;
        for (PendingWrite w : writes) {
            if (w.channel().equals(ReservedNames.STEP)) {
                steps++;
                values += w.value().length;
                all += w.value().length + w.channel().length() + w.taskId().length();
            }
        }
        if (steps != StepWork.UNITS) {
            throw new IllegalStateException("expected " + StepWork.UNITS + " step records, found " + steps);
        }
        return new Measured(steps, values / steps, all / steps);
    }
}
