package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.error.ErrorCode;
import java.util.List;

/**
 * Keeps the last value like a plain channel but is never stored in a checkpoint, so a resumed run
 * starts without it. With the guard, two writes in one superstep are an error.
 */
final class UntrackedValue extends SingleValueChannel {
    private final boolean guard;

    /**
     * Creates an empty channel.
     *
     * @param name the channel name
     * @param guard whether to reject several writes in one superstep
     */
    public UntrackedValue(String name, boolean guard) {
        super(name);
        this.guard = guard;
    }

    @Override
    public boolean update(List<?> values) {
        if (values.isEmpty()) {
            return false;
        }
        if (values.size() != 1 && guard) {
            throw new InvalidUpdateException(
                    "Invalid update for channel \"" + name() + "\" with values " + Writes.describe(values)
                            + ": an untracked channel with guard can receive only one value per step."
                            + " Use @Untracked(guard = false) to keep the last write.",
                    ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE);
        }
        value = values.get(values.size() - 1);
        return true;
    }

    @Override
    public Object checkpoint() {
        return MISSING;
    }

    @Override
    public void restore(Object stored) {
        // Nothing is ever stored, so there is nothing to restore.
    }

    @Override
    SingleValueChannel emptyCopy() {
        return new UntrackedValue(name(), guard);
    }
}
