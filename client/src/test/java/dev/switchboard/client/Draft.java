package dev.switchboard.client;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.math.BigDecimal;
import java.util.List;

/** The served test graph's state: a topic, a log of what happened, a verdict and a price. */
public record Draft(String topic, @Reducer(Append.class) List<String> log, String verdict, BigDecimal price) {}
