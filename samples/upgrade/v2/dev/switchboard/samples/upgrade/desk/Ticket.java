package dev.switchboard.samples.upgrade.desk;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.RenamedFrom;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Optional;

/** Release 2: topic is now called subject, and a ticket may have a priority. */
public record Ticket(
        @Reducer(Append.class) List<String> log, @RenamedFrom("topic") String subject, Optional<String> priority) {}
