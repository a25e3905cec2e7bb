package upgrade;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** The shapes drawn so far and the last one. */
public record Drawing(@Reducer(Append.class) List<Shape> shapes, Shape last) {}
