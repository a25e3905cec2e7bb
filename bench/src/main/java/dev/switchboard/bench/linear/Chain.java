package dev.switchboard.bench.linear;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The state of W1 (and W5): a counter each node overwrites and a log each node appends its name to.
 *
 * @param counter the last value written
 * @param log the node names, in the order the nodes ran
 */
public record Chain(int counter, @Reducer(Append.class) List<String> log) {}
