package dev.switchboard.runtime.channel;

import java.util.List;

/**
 * Keeps the last value written but makes it available only after {@link #finish()}, that is once
 * the graph has nothing else to run; consuming it clears it. Deferred nodes are triggered through
 * it.
 */
final class LastValueAfterFinish extends Channel {
    private Object value = MISSING;
    private boolean finished;

    /**
     * Creates an empty channel.
     *
     * @param name the channel name
     */
    public LastValueAfterFinish(String name) {
        super(name);
    }

    @Override
    public boolean update(List<?> values) {
        if (values.isEmpty()) {
            return false;
        }
        finished = false;
        value = values.get(values.size() - 1);
        return true;
    }

    @Override
    public boolean consume() {
        if (finished) {
            finished = false;
            value = MISSING;
            return true;
        }
        return false;
    }

    @Override
    public boolean finish() {
        if (!finished && value != MISSING) {
            finished = true;
            return true;
        }
        return false;
    }

    @Override
    public Object get() {
        if (!isAvailable()) {
            throw empty();
        }
        return value;
    }

    @Override
    public boolean isAvailable() {
        return value != MISSING && finished;
    }

    @Override
    public Object checkpoint() {
        return value == MISSING ? MISSING : new Finishable(value, finished);
    }

    @Override
    public void restore(Object stored) {
        Finishable f = (Finishable) stored;
        value = f.value();
        finished = f.finished();
    }

    @Override
    public Channel copy() {
        LastValueAfterFinish c = new LastValueAfterFinish(name());
        c.value = value;
        c.finished = finished;
        return c;
    }
}
