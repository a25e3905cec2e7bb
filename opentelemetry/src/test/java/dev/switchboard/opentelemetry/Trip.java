package dev.switchboard.opentelemetry;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** The traced graphs' state: a log of what ran, and how many attempts {@code flaky} fails. */
public record Trip(@Reducer(Append.class) List<String> log, int failures) {}
