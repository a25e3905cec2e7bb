package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.channel.Channel;
import dev.switchboard.runtime.managed.ManagedContext;
import dev.switchboard.runtime.spi.ValueSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads record components from channels and managed values. Without a task context (outputs,
 * stream values, snapshots) a managed value is {@code null}, its type's neutral value: it is
 * defined only for a task, as LangGraph leaves managed values out of everything but a node's
 * input.
 *
 * <p>For routes it overlays the task's own writes: a state channel the task wrote is read from a
 * copy with those writes applied, so the routes see the task's writes and no one else's without
 * copying the other channels.
 */
final class StateReader implements ValueSource {
    private final GraphSpec spec;
    private Channel[] source;
    private int[] slots;
    private ManagedContext context;
    /** The task whose own writes to state channels the values include, or {@code null}. */
    private Task own;

    StateReader(GraphSpec spec) {
        this.spec = spec;
    }

    StateReader(GraphSpec spec, Channel[] source, int[] slots, ManagedContext context) {
        this(spec);
        aim(source, slots, context, null);
    }

    /** Reads from {@code source} through {@code slots} next, with {@code own}'s writes if not null. */
    StateReader aim(Channel[] source, int[] slots, ManagedContext context, Task own) {
        // A reader is aimed at the same channels, slots and task many times a run, and is old by
        // then: a store of the reference it already holds would still cost a GC write barrier.
        if (this.source != source) {
            this.source = source;
        }
        if (this.slots != slots) {
            this.slots = slots;
        }
        if (this.context != context) {
            this.context = context;
        }
        if (this.own != own) {
            this.own = own;
        }
        return this;
    }

    @Override
    public Object value(int component) {
        int slot = slots[component];
        if (slot < 0) {
            return context == null ? null : spec.managed[-slot - 1].get(context);
        }
        Channel c = source[slot];
        if (own != null && spec.isStreamChannel[slot]) {
            return withOwnWrites(c, slot);
        }
        return c.isAvailable() ? c.get() : null;
    }

    /** The channel's value with the task's writes to it applied (on a copy), or its own if the task wrote none. */
    private Object withOwnWrites(Channel c, int channel) {
        Object first = null;
        List<Object> writes = null;
        int count = 0;
        for (int i = 0; i < own.writeCount; i++) {
            if (own.writeChannels[i] != channel) {
                continue;
            }
            Object v = own.writeValues[i];
            if (++count == 1) {
                first = v; // the usual single write: no list, and most channels need no copy
            } else {
                if (writes == null) {
                    writes = new ArrayList<>();
                    writes.add(first);
                }
                writes.add(v);
            }
        }
        if (count == 0) {
            return c.isAvailable() ? c.get() : null;
        }
        if (count == 1) {
            return c.afterOneWrite(first);
        }
        Channel copy = c.copy();
        copy.update(writes);
        return copy.isAvailable() ? copy.get() : null;
    }
}
