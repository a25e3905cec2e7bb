package dev.switchboard.runtime.reducer;

import dev.switchboard.runtime.UiMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * LangGraph's {@code ui_message_reducer}, for a {@code List<UiMessage>} state component (LangGraph
 * keeps it under {@code ui}): a written message whose id is new is appended; one whose id is shown
 * replaces it in place, or with {@link UiMessage#merge()} keeps the shown props and adds its own
 * over them; a removal ({@link UiMessage#remove}) takes the message out, and removing an id that
 * is not shown is an error, as in LangGraph. Starts empty.
 */
public final class UiMessages implements ReduceFunction<List<UiMessage>> {
    /** The reducer; named in {@code @Reducer(UiMessages.class)}. */
    public UiMessages() {}

    @Override
    public List<UiMessage> reduce(List<UiMessage> current, List<UiMessage> update) {
        List<UiMessage> merged = new ArrayList<>(current);
        Map<String, Integer> byId = new HashMap<>();
        for (int i = 0; i < merged.size(); i++) {
            byId.put(merged.get(i).id(), i);
        }
        Set<String> removed = new HashSet<>();
        for (UiMessage m : update) {
            Integer at = byId.get(m.id());
            if (at == null) {
                if (m.removes()) {
                    throw new IllegalArgumentException(
                            "Attempting to delete an UI message with an ID that doesn't exist ('" + m.id() + "')");
                }
                byId.put(m.id(), merged.size());
                merged.add(m);
            } else if (m.removes()) {
                removed.add(m.id());
            } else {
                removed.remove(m.id());
                UiMessage shown = merged.get(at);
                if (m.merge()) {
                    Map<String, Object> props = new LinkedHashMap<>(shown.props());
                    props.putAll(m.props());
                    m = new UiMessage(m.type(), m.id(), m.name(), props, m.metadata());
                }
                merged.set(at, m);
            }
        }
        if (!removed.isEmpty()) {
            merged.removeIf(m -> removed.contains(m.id()));
        }
        return List.copyOf(merged);
    }

    @Override
    public List<UiMessage> empty() {
        return List.of();
    }
}
