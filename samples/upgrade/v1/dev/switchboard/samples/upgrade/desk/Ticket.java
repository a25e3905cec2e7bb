package dev.switchboard.samples.upgrade.desk;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** Release 1 of a support ticket's state. */
public record Ticket(@Reducer(Append.class) List<String> log, String topic) {}
