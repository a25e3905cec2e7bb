package dev.switchboard.bench.grow;

import dev.switchboard.bench.Check;
import dev.switchboard.bench.linear.LinearWork;
import dev.switchboard.runtime.RunConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The "cost grows with work" workloads: W3, W4 and W1's step at several sizes, and the final states
 * every run must reach. Each size is a JMH {@code @Param}; the table divides a run's time by its
 * steps, so a runtime whose cost per step does not depend on the size prints a flat column.
 */
public final class GrowWork {
    /** Steps per run of the state-size workload: enough to make the input's one-off cost small. */
    public static final int STATE_STEPS = 1000;

    private GrowWork() {}

    /**
     * The log entry of a step: W1's node names in turn.
     *
     * @param step the step's index, from 0
     * @return the entry
     */
    public static String entry(int step) {
        return LinearWork.NAMES.get(step % LinearWork.NODES);
    }

    /**
     * A log of {@code n} entries, as a state of {@code n} messages.
     *
     * @param n the entries
     * @return an unmodifiable list
     */
    public static List<String> log(int n) {
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(entry(i));
        }
        return List.copyOf(out);
    }

    /**
     * A run configuration whose recursion limit leaves room for {@code supersteps}, so runs end by
     * their route, not by the limit.
     *
     * @param supersteps the supersteps the run makes
     * @return the configuration
     */
    public static RunConfig limit(int supersteps) {
        return RunConfig.defaults().withRecursionLimit(2 * supersteps + 10);
    }

    /**
     * Fails unless a loop run counted to its target.
     *
     * @param s the final state
     * @param rounds the target
     */
    public static void checkLoop(Target s, int rounds) {
        Check.equal("W3 × " + rounds + " counter", rounds, s.counter());
    }

    /**
     * Fails unless every payload came back once, in send order.
     *
     * @param s the final state
     * @param width the sends
     */
    public static void checkSend(Batch s, int width) {
        Check.equal(
                "W4 × " + width + " results", IntStream.range(0, width).boxed().toList(), s.results());
    }

    /**
     * Fails unless a journal run kept its initial entries and appended one per step.
     *
     * @param s the final state
     * @param initial the entries it started with
     * @param steps the steps it took
     */
    public static void checkJournal(Journal s, int initial, int steps) {
        Check.equal("journal counter", steps, s.counter());
        Check.equal("journal size", initial + steps, s.log().size());
        List<String> expected = new ArrayList<>(log(initial));
        for (int i = 0; i < steps; i++) {
            expected.add(entry(i));
        }
        Check.equal("journal log", expected, s.log());
    }
}
