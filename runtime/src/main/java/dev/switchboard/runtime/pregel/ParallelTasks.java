package dev.switchboard.runtime.pregel;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs the tasks of one superstep in parallel, with the calling thread taking part. The caller and
 * helpers on the executor claim tasks in task order from a shared counter. The caller starts one
 * helper; a helper that claims a task starts the next one before it runs the task, so while tasks
 * block (model calls, tools) helpers keep coming until every task of the step runs at once. Tasks
 * so short that the caller has claimed them all before the first helper starts never leave the
 * caller's thread, which saves a thread hand-off and a wake-up per task.
 *
 * <p>With a direct executor ({@code Runnable::run}) the first helper runs inline, on the caller's
 * thread, and claims every task in task order. If the executor rejects a helper, the threads already
 * claiming run the rest.
 */
final class ParallelTasks implements Runnable {
    private final List<Task> tasks;
    private final Executor executor;
    private final Consumer<Task> body;
    private final Thread caller = Thread.currentThread();
    private final AtomicInteger next = new AtomicInteger();
    private final CountDownLatch finished;

    private ParallelTasks(List<Task> tasks, Executor executor, Consumer<Task> body) {
        this.tasks = tasks;
        this.executor = executor;
        this.body = body;
        this.finished = new CountDownLatch(tasks.size());
    }

    /**
     * Runs every task and returns when all have finished.
     *
     * @param tasks the tasks, in task order
     * @param executor where helpers run
     * @param body runs one task; must not throw
     */
    static void run(List<Task> tasks, Executor executor, Consumer<Task> body) {
        ParallelTasks step = new ParallelTasks(tasks, executor, body);
        step.startHelper();
        step.claim();
        awaitUninterruptibly(step.finished);
    }

    /** A helper's work: the same as the caller's. */
    @Override
    public void run() {
        claim();
    }

    private void claim() {
        boolean helped = Thread.currentThread() == caller;
        for (int i = next.getAndIncrement(); i < tasks.size(); i = next.getAndIncrement()) {
            if (!helped && i + 1 < tasks.size()) {
                helped = true;
                startHelper(); // before running ours, which may block for long
            }
            try {
                body.accept(tasks.get(i));
            } finally {
                finished.countDown();
            }
        }
    }

    private void startHelper() {
        try {
            executor.execute(this);
        } catch (RejectedExecutionException e) {
            // The threads already claiming run the remaining tasks.
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
