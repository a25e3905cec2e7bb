package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

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
}
