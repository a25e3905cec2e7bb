package dev.switchboard.runtime.channel;

/**
 * The channels that hold at most one value: how they read, store and copy it is the same, only how
 * writes update it differs.
 */
abstract class SingleValueChannel extends Channel {
    /** The value, or {@link #MISSING}. */
    Object value = MISSING;

    SingleValueChannel(String name) {
        super(name);
    }

    /** A channel like this one (same name and settings) but empty, for {@link #copy()}. */
    abstract SingleValueChannel emptyCopy();

    @Override
    public Object get() {
        if (value == MISSING) {
            throw empty();
        }
        return value;
    }

    @Override
    public boolean isAvailable() {
        return value != MISSING;
    }

    @Override
    public Object checkpoint() {
        return value;
    }

    @Override
    public void restore(Object stored) {
        value = stored;
    }

    @Override
    public Channel copy() {
        SingleValueChannel c = emptyCopy();
        c.value = value;
        return c;
    }
}
