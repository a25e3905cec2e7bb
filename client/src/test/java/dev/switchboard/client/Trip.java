package dev.switchboard.client;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** The local graphs' state in the remote-node tests: a topic, the remote answer, a log. */
public record Trip(
        String topic, String answer, @Reducer(Append.class) List<String> log) {}
