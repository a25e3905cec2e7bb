package dev.switchboard.server.studio;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** Studio's fixture state: a topic, a number the nodes change, and a log each node appends to. */
public record Tally(
        String topic, int n, @Reducer(Append.class) List<String> log) {}
