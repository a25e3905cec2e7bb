package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How a superstep's tasks are shared out between the caller and helper threads. */
class ParallelTasksTest {
    private static List<Task> tasks(String prefix, int n) {
        List<Task> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Task.push(1, prefix + i, i, null, null));
        }
        return out;
    }

    @Test
    void aHelperThatStartsAfterItsStepEndedRunsNothingOfTheNextStep() {
        // The loop prepares every step into one list; a helper the executor starts late must not
        // take the next step's tasks from it (they would run twice, or before their input is read).
        List<Task> stepList = new ArrayList<>(tasks("first-", 2));
        List<Runnable> late = new ArrayList<>();
        List<String> ran = Collections.synchronizedList(new ArrayList<>());

        ParallelTasks.run(stepList, late::add, t -> ran.add(t.name));
        stepList.clear();
        stepList.addAll(tasks("next-", 6));
        late.forEach(Runnable::run);

        assertEquals(List.of("first-0", "first-1"), ran);
    }

    @Test
    void everyTaskRunsOnceWhateverThreadClaimsIt() {
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        ParallelTasks.run(tasks("t", 50), r -> new Thread(r).start(), t -> ran.add(t.name));
        List<String> sorted = new ArrayList<>(ran);
        sorted.sort(null);
        List<String> expected = new ArrayList<>();
        tasks("t", 50).forEach(t -> expected.add(t.name));
        expected.sort(null);
        assertEquals(expected, sorted);
    }

    @Test
    void aStepOnItsCallerRunsEveryTaskThereInTaskOrder() {
        List<String> ran = new ArrayList<>();
        Set<Thread> threads = new HashSet<>();
        // Helpers the watch might start (were the machine to stall this thread) never run here.
        Executor neverRuns = r -> {};

        List<String> timed = new ArrayList<>();

        ParallelTasks.runOnCaller(
                tasks("t", 5),
                neverRuns,
                t -> {
                    ran.add(t.name);
                    threads.add(Thread.currentThread());
                },
                (t, nanos) -> timed.add(t.name));

        assertEquals(List.of("t0", "t1", "t2", "t3", "t4"), ran);
        assertEquals(Set.of(Thread.currentThread()), threads);
        assertEquals(ran, timed, "each task the caller ran is timed, after it ran");
    }

    @Test
    @Timeout(30)
    void tasksOnTheCallerThatWaitForEachOtherGetHelpersAndFinish() throws Exception {
        // The first task waits for the last: on the caller alone that would never end, so the
        // watch must start helpers for the tasks the caller has not reached.
        CountDownLatch lastRan = new CountDownLatch(1);
        Map<String, Thread> threads = new ConcurrentHashMap<>();
        List<Task> step = tasks("t", 3);

        ParallelTasks.runOnCaller(
                step,
                r -> new Thread(r).start(),
                t -> {
                    threads.put(t.name, Thread.currentThread());
                    try {
                        if (t.name.equals("t0")) {
                            assertTrue(lastRan.await(20, TimeUnit.SECONDS), "t2 never ran");
                        } else if (t.name.equals("t2")) {
                            lastRan.countDown();
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                (t, nanos) -> {});

        assertEquals(Set.of("t0", "t1", "t2"), threads.keySet());
        // Which thread runs t0 is not fixed: a caller descheduled for longer than the watch's
        // patience before it claims t0 (as on a loaded machine) finds the helpers took every task.
        // Either way t0 waited for t2, so they ran on different threads.
        assertNotEquals(threads.get("t0"), threads.get("t2"), "a helper took the task t0 waited for");
    }
}
