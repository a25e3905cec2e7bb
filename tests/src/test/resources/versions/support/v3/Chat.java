package upgrade;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Optional;

/** Version 3: the subject became a record, which a migration converts. */
public record Chat(@Reducer(Append.class) List<String> messages, Topic subject, long turns, Optional<String> mood) {}
