package upgrade;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * Version 2: every component of version 1 widened without a migration (int to long inside the
 * list and alone, float to double, long to BigDecimal, String to Optional, a nested record
 * gaining an Optional component).
 */
public record Ledger(
        @Reducer(Append.class) List<Long> amounts,
        long count,
        double rate,
        BigDecimal cents,
        Optional<String> note,
        Place place) {}
