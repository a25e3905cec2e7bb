package dev.switchboard.bench.grow;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The state of W1 (and W5) run for any number of steps: a counter each step overwrites, a log each
 * step appends one of W1's node names to, and the step count at which the run ends.
 *
 * @param counter the steps taken so far
 * @param until the step count at which the run ends
 * @param log the initial entries, then one per step
 */
public record Journal(
        int counter, int until, @Reducer(Append.class) List<String> log) {}
