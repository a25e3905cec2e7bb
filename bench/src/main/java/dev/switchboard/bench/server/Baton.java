package dev.switchboard.bench.server;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The state of the server benchmark's graph: a counter each node overwrites and a log each node
 * appends its name to, as W1's.
 *
 * @param counter the last value written
 * @param log the node names, in the order the nodes ran
 */
public record Baton(int counter, @Reducer(Append.class) List<String> log) {}
