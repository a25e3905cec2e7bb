package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.internal.ValueSource;
import dev.switchboard.runtime.managed.ManagedContext;

/**
 * Reads record components from channels and managed values. Without a task context (outputs,
 * stream values, snapshots) a managed value is {@code null}, its type's neutral value: it is
 * defined only for a task, as LangGraph leaves managed values out of everything but a node's
 * input.
 */
final class StateReader implements ValueSource {
    private final GraphSpec spec;
    private final Channel[] source;
    private final int[] slots;
    private final ManagedContext context;

    StateReader(GraphSpec spec, Channel[] source, int[] slots, ManagedContext context) {
        this.spec = spec;
        this.source = source;
        this.slots = slots;
        this.context = context;
    }

    @Override
    public Object value(int component) {
        int slot = slots[component];
        if (slot < 0) {
            return context == null ? null : spec.managed[-slot - 1].get(context);
        }
        Channel c = source[slot];
        return c.isAvailable() ? c.get() : null;
    }
}
