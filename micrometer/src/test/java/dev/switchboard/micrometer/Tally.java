package dev.switchboard.micrometer;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** The observed graph's state: a log, how many attempts {@code flaky} fails, whether to ask a human. */
public record Tally(@Reducer(Append.class) List<String> log, int failures, boolean ask) {}
