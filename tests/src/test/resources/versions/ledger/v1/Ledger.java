package upgrade;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/** Version 1 of a ledger: narrow numbers, a plain string, a place with a city. */
public record Ledger(
        @Reducer(Append.class) List<Integer> amounts, int count, float rate, long cents, String note, Place place) {}
