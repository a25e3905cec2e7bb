package dev.switchboard.runtime.pregel;

import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Watches the supersteps whose tasks run one after another on their caller ({@link
 * ParallelTasks#runOnCaller}) and starts helper threads for a step that takes longer than {@link
 * #PATIENCE_NANOS}: a task that blocks (on I/O, or waiting for a task of its own step) then never
 * holds up the step's other tasks by more than that, and tasks that wait for each other cannot
 * deadlock. One daemon thread for the JVM, parked while no such step runs; it looks every half of
 * its patience while one does, which costs a wake-up per half millisecond, not one per step.
 */
final class InlineWatch implements Runnable {
    /** How long a step may run on its caller before helpers take its remaining tasks. */
    static final long PATIENCE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private static final InlineWatch WATCH = new InlineWatch();

    private final ConcurrentLinkedQueue<ParallelTasks<?>> steps = new ConcurrentLinkedQueue<>();
    private volatile Thread thread;
    /** Whether the watch thread parks without a deadline (nothing to watch); a new step must wake it. */
    private volatile boolean idle;

    private InlineWatch() {}

    /** Watches {@code step} until it has finished, starting its helpers if it overruns. */
    static void watch(ParallelTasks<?> step) {
        WATCH.add(step);
    }

    private void add(ParallelTasks<?> step) {
        steps.add(step);
        Thread t = thread;
        if (t == null) {
            start();
        } else if (idle) {
            LockSupport.unpark(t);
        }
    }

    private synchronized void start() {
        if (thread == null) {
            thread = RuntimePools.startWatch(this);
        }
    }

    @Override
    public void run() {
        while (true) {
            if (steps.isEmpty()) {
                idle = true; // volatile, before the re-check: an adder either sees it or we see its step
                if (steps.isEmpty()) {
                    LockSupport.park(this);
                }
                idle = false;
                continue;
            }
            LockSupport.parkNanos(this, PATIENCE_NANOS / 2);
            long now = System.nanoTime();
            for (Iterator<ParallelTasks<?>> it = steps.iterator(); it.hasNext(); ) {
                ParallelTasks<?> step = it.next();
                if (step.allFinished()) {
                    it.remove();
                } else if (now - step.started() > PATIENCE_NANOS) {
                    it.remove();
                    try {
                        step.rescue();
                    } catch (RuntimeException e) {
                        // The step's caller still runs its tasks; the watch must outlive any one step.
                    }
                }
            }
        }
    }
}
