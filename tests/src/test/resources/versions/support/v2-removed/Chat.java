package upgrade;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** Version 1 of the state. */
public record Chat(@Reducer(Append.class) List<String> messages, String topic, int turns) {}
