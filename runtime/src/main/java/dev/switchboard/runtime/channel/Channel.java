package dev.switchboard.runtime.channel;

import java.util.Collections;
import java.util.List;

/**
 * One channel of a running graph: it receives the writes of a superstep all at once (in task
 * order), decides how they combine, and reports whether its value changed. A channel instance
 * belongs to one run and is only touched by the loop's thread between supersteps.
 */
public abstract class Channel {
    /** The checkpoint value of a channel that has nothing to store. */
    public static final Object MISSING = new Object() {
        @Override
        public String toString() {
            return "MISSING";
        }
    };

    private final String name;

    Channel(String name) {
        this.name = name;
    }

    /**
     * The channel's name: a state key, or an internal name such as {@code branch:to:node}.
     *
     * @return the name
     */
    public final String name() {
        return name;
    }

    /**
     * Applies the writes of one superstep, in task order. Called with an empty list at the end of
     * every superstep in which the channel got no writes, so that ephemeral kinds can clear. The
     * list is the loop's scratch, reused for the next channel: copy what is kept, never the list.
     *
     * @param values the written values, valid during the call only
     * @return whether the channel's value changed
     */
    public abstract boolean update(List<?> values);

    /**
     * The current value.
     *
     * @return the value; only meaningful when {@link #isAvailable()}
     * @throws IllegalStateException if the channel is empty
     */
    public abstract Object get();

    /**
     * Whether the channel has a value that can be read (and that can trigger nodes).
     *
     * @return {@code true} if {@link #get()} returns a value
     */
    public abstract boolean isAvailable();

    /**
     * Notifies the channel that a node it triggered has run; barrier kinds reset here.
     *
     * @return whether the channel changed
     */
    public boolean consume() {
        return false;
    }

    /**
     * Notifies the channel that the graph is about to finish (no other node is triggered); kinds
     * that wait for the end become available here.
     *
     * @return whether the channel changed
     */
    public boolean finish() {
        return false;
    }

    /**
     * The value to store in a checkpoint.
     *
     * @return the stored form, or {@link #MISSING} when there is nothing to store
     */
    public abstract Object checkpoint();

    /**
     * Restores the value from what {@link #checkpoint()} returned.
     *
     * @param stored the stored form; never {@link #MISSING}
     */
    public abstract void restore(Object stored);

    /**
     * A copy with the same value, used to look at the state with one task's own writes applied.
     *
     * @return an independent copy
     */
    public abstract Channel copy();

    /**
     * The value a copy of this channel would read after one superstep that wrote only {@code
     * write}: what a task's routes see of a channel the task wrote once. Kinds that can tell
     * without a copy say so, which spares the routes of the usual step a channel and a list.
     *
     * @param write the one value written
     * @return the value then, or {@code null} if the copy would be empty
     */
    public Object afterOneWrite(Object write) {
        Channel copy = copy();
        copy.update(Collections.singletonList(write));
        return copy.isAvailable() ? copy.get() : null;
    }

    final IllegalStateException empty() {
        return new IllegalStateException("channel '" + name + "' is empty");
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + "=" + (isAvailable() ? get() : "<empty>") + "]";
    }
}
