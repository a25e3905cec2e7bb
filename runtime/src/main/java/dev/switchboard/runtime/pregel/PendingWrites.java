package dev.switchboard.runtime.pregel;

import java.util.ArrayList;
import java.util.List;

/** Same-step writes grouped by channel, reused across supersteps. */
final class PendingWrites {
    final int[] touched;
    int touchedCount;
    private final ArrayList<?>[] byChannel;

    PendingWrites(int channels) {
        this.touched = new int[channels];
        this.byChannel = new ArrayList<?>[channels];
    }

    @SuppressWarnings("unchecked")
    void add(int channel, Object value) {
        ArrayList<Object> list = (ArrayList<Object>) byChannel[channel];
        if (list == null) {
            list = new ArrayList<>(2);
            byChannel[channel] = list;
        }
        if (list.isEmpty()) {
            touched[touchedCount++] = channel;
        }
        list.add(value);
    }

    List<?> values(int channel) {
        return byChannel[channel];
    }

    void clear() {
        for (int i = 0; i < touchedCount; i++) {
            byChannel[touched[i]].clear();
        }
        touchedCount = 0;
    }
}
