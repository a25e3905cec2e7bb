package dev.switchboard.bench.grow;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The state of W4 with its width in the state.
 *
 * @param width how many {@code Send}s the route returns
 * @param results one entry per worker, in {@code Send} order
 */
public record Batch(int width, @Reducer(Append.class) List<Integer> results) {}
