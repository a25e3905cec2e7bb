package dev.switchboard.runtime.pregel;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.ObjLongConsumer;

/**
 * Runs the tasks of one superstep in parallel, with the calling thread taking part. The caller and
 * helpers on the executor claim tasks in task order from a shared counter. The caller starts one
 * helper; a helper that claims a task starts the next one before it runs the task, so while tasks
 * block (model calls, tools) helpers keep coming until every task of the step runs at once. Tasks
 * so short that the caller has claimed them all before the first helper starts never leave the
 * caller's thread, which saves a thread hand-off and a wake-up per task.
 *
 * <p>The caller waits for the last tasks by spinning briefly, then parking, and is woken only if it
 * actually parked: a helper that claimed a short task finishes it within the spin, so the caller
 * pays no park and wake-up (tens of microseconds on a busy machine) for it, while a step whose
 * tasks block (model calls, tools) costs the caller at most {@link #SPIN_NANOS} of spinning.
 *
 * <p>With a direct executor ({@code Runnable::run}) the first helper runs inline, on the caller's
 * thread, and claims every task in task order. If the executor rejects a helper, the threads already
 * claiming run the rest.
 *
 * @param <T> what one task is (the runner's executions)
 */
final class ParallelTasks<T> implements Runnable {
    /** How long the caller spins for helpers' tasks to finish before it parks. */
    static final long SPIN_NANOS = 20_000;

    private final List<T> tasks;
    /**
     * The step's task count, read once: the loop prepares every step into the same list, so a
     * helper the executor starts after this step ended would otherwise see the next step's tasks.
     * Every index below it is claimed before the step ends, so a late helper claims none.
     */
    private final int count;

    private final Executor executor;
    private final Consumer<T> body;
    private final Thread caller = Thread.currentThread();
    private final AtomicInteger next = new AtomicInteger();
    /** Tasks not finished yet; the one that takes it to zero wakes the caller if it waits. */
    private final AtomicInteger unfinished;

    private volatile boolean callerParked;
    /** When the step started on its caller alone ({@link #runOnCaller}), for {@link InlineWatch}. */
    private long started;

    private ParallelTasks(List<T> tasks, Executor executor, Consumer<T> body) {
        this.tasks = tasks;
        this.count = tasks.size();
        this.executor = executor;
        this.body = body;
        this.unfinished = new AtomicInteger(count);
    }

    /**
     * Runs every task and returns when all have finished.
     *
     * @param tasks the tasks, in task order
     * @param <T> what one task is
     * @param executor where helpers run
     * @param body runs one task; must not throw
     */
    static <T> void run(List<T> tasks, Executor executor, Consumer<T> body) {
        ParallelTasks<T> step = new ParallelTasks<>(tasks, executor, body);
        step.startHelper();
        step.claim();
        step.awaitAll();
    }

    /**
     * Runs every task on the caller, in task order, unless the step overruns: {@link InlineWatch}
     * then starts helpers that claim the tasks the caller has not reached, as {@link #run} would
     * have from the start. For tasks expected to be short, whose thread hand-off would cost more
     * than they do; a task that blocks delays the others by at most the watch's patience.
     *
     * @param tasks the tasks, in task order
     * @param <T> what one task is
     * @param executor where helpers run, if the step overruns
     * @param body runs one task; must not throw
     * @param took told how long each task the caller ran took, in nanoseconds (one clock reading
     *     per task: each task's end is the next one's start)
     */
    static <T> void runOnCaller(List<T> tasks, Executor executor, Consumer<T> body, ObjLongConsumer<T> took) {
        ParallelTasks<T> step = new ParallelTasks<>(tasks, executor, body);
        long before = System.nanoTime();
        step.started = before;
        InlineWatch.watch(step); // published by the watch's queue, after started is set
        // The caller's share of claim(): it starts no helper itself, the watch does if need be.
        for (int i = step.next.getAndIncrement(); i < step.count; i = step.next.getAndIncrement()) {
            T task = tasks.get(i);
            try {
                body.accept(task);
            } finally {
                step.finished();
            }
            long after = System.nanoTime();
            took.accept(task, after - before);
            before = after;
        }
        step.awaitAll();
    }

    /** When the step started on its caller alone. */
    long started() {
        return started;
    }

    /** Whether every task has finished. */
    boolean allFinished() {
        return unfinished.get() == 0;
    }

    /** The step overran on its caller: helpers take the tasks not claimed yet, if any. */
    void rescue() {
        if (next.get() < count) {
            startHelper();
        }
    }

    /** A helper's work: the same as the caller's. */
    @Override
    public void run() {
        claim();
    }

    private void claim() {
        boolean helped = Thread.currentThread() == caller;
        for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
            if (!helped && i + 1 < count) {
                helped = true;
                startHelper(); // before running ours, which may block for long
            }
            try {
                body.accept(tasks.get(i));
            } finally {
                finished();
            }
        }
    }

    private void finished() {
        if (unfinished.decrementAndGet() == 0 && callerParked) {
            LockSupport.unpark(caller);
        }
    }

    private void startHelper() {
        try {
            executor.execute(this);
        } catch (RejectedExecutionException e) {
            // The threads already claiming run the remaining tasks.
        }
    }

    private boolean spunUntilFinished() {
        long deadline = System.nanoTime() + SPIN_NANOS;
        while (unfinished.get() != 0) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /**
     * Parks until every task has finished, uninterruptibly (the tasks' writes must all be in before
     * the barrier); an interrupt that arrives meanwhile is kept for the caller.
     */
    private void awaitAll() {
        if (unfinished.get() == 0 || spunUntilFinished()) {
            return;
        }
        boolean interrupted = false;
        callerParked = true; // volatile, before the re-check: a finisher either sees it or we see zero
        while (unfinished.get() != 0) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
        if (interrupted) {
            caller.interrupt();
        }
    }
}
