package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.util.Set;

/**
 * Where a run's stream events go. {@link #wants} is asked before an event is built, so a run that
 * nobody streams builds none. Called from task threads concurrently; implementations are
 * thread-safe.
 */
interface EventSink {
    EventSink NONE = new EventSink() {
        @Override
        public boolean wants(StreamMode mode) {
            return false;
        }

        @Override
        public void accept(StreamPart<?> part) {}
    };

    boolean wants(StreamMode mode);

    void accept(StreamPart<?> part);

    static int mask(Set<StreamMode> modes) {
        int m = 0;
        for (StreamMode mode : modes) {
            m |= 1 << mode.ordinal();
        }
        return m;
    }
}
