package dev.switchboard.spring.boot.server;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** The served graphs' state: the steps taken, appended. */
public record Steps(@Reducer(Append.class) List<String> steps) {}
