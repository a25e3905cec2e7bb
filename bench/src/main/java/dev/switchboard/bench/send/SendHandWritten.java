package dev.switchboard.bench.send;

import java.util.ArrayList;
import java.util.List;

/**
 * W4 by hand: the route's payloads, one worker call per payload on the caller's thread, the
 * results merged in send order.
 */
public final class SendHandWritten {
    private SendHandWritten() {}

    /** What a worker returns: the component it writes. */
    record Delta(List<Integer> results) {}

    /** The worker: reads its payload, returns its write. */
    @FunctionalInterface
    interface Worker {
        Delta apply(Integer payload);
    }

    private static final Worker WORKER = p -> new Delta(List.of(SendWork.result(p)));

    /**
     * Runs the map-reduce.
     *
     * @return the final state
     */
    public static Results run() {
        List<Integer> payloads = new ArrayList<>(SendWork.WORKERS);
        for (int i = 0; i < SendWork.WORKERS; i++) {
            payloads.add(i);
        }
        Delta[] writes = new Delta[payloads.size()];
        for (int i = 0; i < writes.length; i++) {
            writes[i] = WORKER.apply(payloads.get(i));
        }
        List<Integer> results = new ArrayList<>();
        for (Delta d : writes) {
            results.addAll(d.results());
        }
        return new Results(results);
    }
}
