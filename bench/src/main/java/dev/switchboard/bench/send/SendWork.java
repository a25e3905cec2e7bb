package dev.switchboard.bench.send;

import dev.switchboard.bench.Check;
import java.util.List;
import java.util.stream.IntStream;

/**
 * W4, map-reduce with {@code Send}: a route from {@code START} sends each of {@link #WORKERS}
 * payloads to its own {@code worker} task; each worker appends its payload.
 */
public final class SendWork {
    /** Worker executions per run. */
    public static final int WORKERS = 100;

    private static final List<Integer> EXPECTED =
            IntStream.range(0, WORKERS).boxed().toList();

    private SendWork() {}

    /**
     * What a worker appends for its payload.
     *
     * @param payload what the worker was sent
     * @return the value it appends
     */
    public static Integer result(Integer payload) {
        return payload;
    }

    /**
     * Fails unless a run ended in W4's final state: every payload once, in send order.
     *
     * @param results the final results
     */
    public static void check(List<Integer> results) {
        Check.equal("W4 results", EXPECTED, results);
    }
}
