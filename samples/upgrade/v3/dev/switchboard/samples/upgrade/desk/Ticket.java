package dev.switchboard.samples.upgrade.desk;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Optional;

/** Release 3: the subject is a record; {@link Desk#fromRelease2} converts stored tickets. */
public record Ticket(@Reducer(Append.class) List<String> log, Subject subject, Optional<String> priority) {}
