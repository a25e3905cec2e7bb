package upgrade;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.RenamedFrom;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;
import java.util.Optional;

/** Version 2: topic renamed to subject, turns widened to long, mood added. */
public record Chat(
        @Reducer(Append.class) List<String> messages,
        @RenamedFrom("topic") String subject,
        long turns,
        Optional<String> mood) {}
