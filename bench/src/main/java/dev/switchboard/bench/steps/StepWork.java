package dev.switchboard.bench.steps;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.ArrayList;
import java.util.List;

/**
 * One node doing {@link #UNITS} units of work, each returning a {@link Receipt}: as durable steps
 * ({@code steps}) or as plain calls ({@code plain}); the difference per unit is what a recorded step
 * costs.
 */
public class StepWork {
    /** Units of work per node execution. */
    public static final int UNITS = 10;

    /** A flag the nodes read: whether the work runs as durable steps. */
    private final boolean durable;

    /**
     * The node.
     *
     * @param durable whether each unit of work is a durable step
     */
    public StepWork(boolean durable) {
        this.durable = durable;
    }

    static Receipt work(int i) {
        return new Receipt("r-" + i, 100 + i);
    }

    @Node
    @Edge(from = START)
    LedgerUpdate pay(Ledger s, NodeContext ctx) {
        List<String> ids = new ArrayList<>(UNITS);
        for (int i = 0; i < UNITS; i++) {
            int unit = i;
            Receipt r = durable ? ctx.step("unit-" + i, Receipt.class, () -> work(unit)) : work(unit);
            ids.add(r.id());
        }
        return LedgerUpdate.of().receipts(ids);
    }

    /**
     * Checks a run's final state.
     *
     * @param l the state
     * @throws IllegalStateException if it is not the expected one
     */
    public static void check(Ledger l) {
        if (l.receipts().size() != UNITS || !l.receipts().get(UNITS - 1).equals("r-" + (UNITS - 1))) {
            throw new IllegalStateException("unexpected receipts " + l.receipts());
        }
    }
}
