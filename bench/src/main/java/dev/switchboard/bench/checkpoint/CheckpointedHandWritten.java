package dev.switchboard.bench.checkpoint;

import dev.switchboard.bench.linear.Chain;
import dev.switchboard.bench.linear.LinearWork;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * W5 by hand: W1's loop that also keeps, after each node, what a checkpoint of that step must add:
 * the new counter and the appended names, encoded as JSON with the same Jackson that Switchboard
 * uses. The least work that makes every step recoverable; no ids, versions or metadata.
 */
public final class CheckpointedHandWritten {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private CheckpointedHandWritten() {}

    /**
     * A run's result.
     *
     * @param state the final state
     * @param steps the encoded writes of each step, in order
     */
    public record Run(Chain state, List<byte[]> steps) {}

    /**
     * Runs the chain, encoding each step's writes.
     *
     * @return the final state and the stored steps
     */
    public static Run run() {
        int counter = 0;
        List<String> log = new ArrayList<>();
        List<byte[]> steps = new ArrayList<>(2 * LinearWork.NODES);
        for (String name : LinearWork.NAMES) {
            counter = LinearWork.next(new Chain(counter, log).counter());
            List<String> appended = List.of(name);
            log.addAll(appended);
            steps.add(JSON.writeValueAsBytes(counter));
            steps.add(JSON.writeValueAsBytes(appended));
        }
        return new Run(new Chain(counter, log), steps);
    }
}
