package dev.switchboard.conformance;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The state of the scenarios that only trace which nodes ran: an append reducer of node names.
 *
 * @param trail the names appended so far
 */
public record Trail(@Reducer(Append.class) List<String> trail) {}
