package dev.switchboard.server.runs;

import dev.switchboard.runtime.RunControl;

/**
 * How much of the heap the runs executing in this JVM may count on at once, estimated from their
 * requests: a run's input is parsed, copied into its state, checkpointed and streamed in every mode
 * asked, each a few times its request's bytes, so a run counts {@link #PER_BYTE} times its body.
 * A run waits for room before it starts (one run always may, whatever its size); a new run is
 * refused (503) while those started and waiting already ask for twice the room. Small runs never
 * notice: a 2 KB request counts 64 KB.
 */
final class RunMemory {
    /** A run's estimated peak heap per byte of its request body. */
    static final int PER_BYTE = 32;

    private final long capacity;
    private long inUse;
    private long waiting;

    /** @param capacity the bytes executing runs may count on together */
    RunMemory(long capacity) {
        this.capacity = capacity;
    }

    /** The default: two fifths of the heap. */
    static RunMemory ofHeap() {
        return new RunMemory(Runtime.getRuntime().maxMemory() / 5 * 2);
    }

    static long cost(long bodyBytes) {
        return bodyBytes * PER_BYTE;
    }

    /** Whether a new run of this cost is taken: false while the runs started and waiting ask twice the room. */
    synchronized boolean admits(long cost) {
        long demand = inUse + waiting;
        return demand == 0 || demand + cost <= 2 * capacity;
    }

    /**
     * Waits until the run fits (or nothing else executes, or it was stopped), then counts it.
     *
     * @return the bytes counted, to {@link #release}
     */
    long acquire(long cost, RunControl control) throws InterruptedException {
        synchronized (this) {
            waiting += cost;
            try {
                while (inUse > 0 && inUse + cost > capacity && !control.cancelled()) {
                    wait(200);
                }
            } finally {
                waiting -= cost;
            }
            inUse += cost;
        }
        return cost;
    }

    synchronized void release(long counted) {
        inUse -= counted;
        notifyAll();
    }
}
