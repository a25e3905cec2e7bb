package dev.switchboard.runtime.channel;

import java.util.List;

/**
 * Keeps the last value written; several writes in one superstep are allowed (they are assumed to
 * be equal). A superstep without writes clears it.
 */
final class AnyValue extends SingleValueChannel {

    /**
     * Creates an empty channel.
     *
     * @param name the channel name
     */
    public AnyValue(String name) {
        super(name);
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
        value = values.get(values.size() - 1);
        return true;
    }

    @Override
    SingleValueChannel emptyCopy() {
        return new AnyValue(name());
    }
}
