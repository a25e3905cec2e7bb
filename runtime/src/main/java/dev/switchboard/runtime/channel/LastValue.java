package dev.switchboard.runtime.channel;

import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.error.ErrorCode;
import java.util.List;

/** Keeps the last value written; a second write in the same superstep is an error. */
final class LastValue extends SingleValueChannel {

    /**
     * Creates an empty channel.
     *
     * @param name the channel name
     */
    public LastValue(String name) {
        super(name);
    }

    @Override
    public boolean update(List<?> values) {
        if (values.isEmpty()) {
            return false;
        }
        if (values.size() != 1) {
            throw new InvalidUpdateException(
                    "Invalid update for channel \"" + name() + "\" with values " + Writes.describe(values)
                            + ": LastValue can only receive one value per step. Give the state component a"
                            + " @Reducer if several nodes may write it in the same step.",
                    ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE);
        }
        value = values.get(0);
        return true;
    }

    /** One write is the value: no copy needed. */
    @Override
    public Object afterOneWrite(Object write) {
        return write;
    }

    @Override
    SingleValueChannel emptyCopy() {
        return new LastValue(name());
    }
}
