package dev.switchboard.bench.fanout;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import java.util.List;

/**
 * The state of W2: a sum the workers add to and the names of the nodes that ran.
 *
 * @param total the sum of the workers' contributions
 * @param items node names, in task order
 */
public record Tally(
        @Reducer(Sum.class) int total,
        @Reducer(Append.class) List<String> items) {}
