package dev.switchboard.bench.linear;

import java.util.ArrayList;
import java.util.List;

/**
 * W1 by hand: the same node bodies called in a loop, each returning a partial update that the loop
 * merges into the state itself (last value for {@code counter}, append for {@code log}). No
 * supersteps, channels or versions: the cost of the work alone, the limit a runtime can approach.
 */
public final class LinearHandWritten {
    private LinearHandWritten() {}

    /** What a node returns: the components it writes. */
    record Delta(int counter, List<String> log) {}

    /** One node: reads the state, returns its writes. */
    @FunctionalInterface
    interface Step {
        Delta apply(Chain state);
    }

    private static final Step[] NODES = LinearWork.NAMES.stream()
            .map(name -> (Step) s -> new Delta(LinearWork.next(s.counter()), List.of(name)))
            .toArray(Step[]::new);

    /**
     * Runs the chain.
     *
     * @return the final state
     */
    public static Chain run() {
        int counter = 0;
        List<String> log = new ArrayList<>();
        for (Step node : NODES) {
            Delta d = node.apply(new Chain(counter, log));
            counter = d.counter();
            log.addAll(d.log());
        }
        return new Chain(counter, log);
    }
}
