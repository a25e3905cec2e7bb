package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.InvalidUpdateException;
import java.util.List;

/**
 * Holds a value for the superstep after it was written, then clears itself. With the guard, two
 * writes in one superstep are an error; without it the last one (in task order) wins.
 */
final class EphemeralValue extends SingleValueChannel {
    private final boolean guard;

    /**
     * Creates an empty channel.
     *
     * @param name the channel name
     * @param guard whether to reject several writes in one superstep
     */
    public EphemeralValue(String name, boolean guard) {
        super(name);
        this.guard = guard;
    }

    @Override
    public boolean update(List<?> values) {
        if (values.isEmpty()) {
            if (value == MISSING) {
                return false;
            }
            value = MISSING;
            return true;
        }
        if (values.size() != 1 && guard) {
            throw new InvalidUpdateException(
                    "Invalid update for channel \"" + name() + "\" with values " + Writes.describe(values)
                            + ": an ephemeral channel with guard can receive only one value per step.",
                    null);
        }
        value = values.get(values.size() - 1);
        return true;
    }

    @Override
    SingleValueChannel emptyCopy() {
        return new EphemeralValue(name(), guard);
    }
}
