package dev.switchboard.bench.steps;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.util.List;

/**
 * The state of the step workloads: the receipts a node collected.
 *
 * @param receipts one id per unit of work, in order
 */
public record Ledger(@Reducer(Append.class) List<String> receipts) {}
