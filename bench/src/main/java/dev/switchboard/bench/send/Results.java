package dev.switchboard.bench.send;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The state of W4: what the workers appended.
 *
 * @param results one entry per worker, in {@code Send} order
 */
public record Results(@Reducer(Append.class) List<Integer> results) {}
