package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.serde.DecodeBudget;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A task's stored state: its writes if it finished, its error if it failed, or the interrupt it
 * paused at with the resume values it had already consumed.
 */
final class StoredTask {
    final List<Integer> channels = new ArrayList<>();
    final List<Object> values = new ArrayList<>();
    final List<Interrupt> interrupts = new ArrayList<>();
    final List<JsonNode> resumes = new ArrayList<>();
    StateSnapshot.TaskError error;
    /** Whether the task completed: its writes (or the no-writes marker) supersede a pause or error. */
    boolean finished;

    StateSnapshot.TaskError error() {
        return error;
    }

    /** The interrupt the task paused at, kept after it resumed, as LangGraph's history shows it. */
    List<Interrupt> interrupts() {
        return interrupts;
    }

    /** The interrupt the task is still paused at. */
    List<Interrupt> pendingInterrupts() {
        return finished ? List.of() : interrupts;
    }

    /**
     * Decodes the stored writes of tasks, by task id, in write order. A write that does not decode
     * fails as a {@link SerdeException} naming its task, index and channel.
     */
    static Map<String, StoredTask> decode(List<PendingWrite> pending, GraphSpec spec, Codecs codecs, JsonSerde serde) {
        DecodeBudget budget = DecodeBudget.of(serde.limits());
        Map<String, StoredTask> byTask = new LinkedHashMap<>();
        for (PendingWrite w : pending) {
            StoredTask t = byTask.computeIfAbsent(w.taskId(), k -> new StoredTask());
            try {
                decodeWrite(w, t, budget, spec, codecs, serde);
            } catch (RuntimeException e) {
                throw new SerdeException(
                        "the stored pending write " + w.index() + " of task " + w.taskId() + " to channel '"
                                + w.channel() + "' cannot be read: " + e.getMessage()
                                + "; the store is damaged or was modified",
                        e);
            }
        }
        return byTask;
    }

    private static void decodeWrite(
            PendingWrite w, StoredTask t, DecodeBudget budget, GraphSpec spec, Codecs codecs, JsonSerde serde) {
        switch (w.channel()) {
            case ReservedNames.ERROR -> t.error = codecs.decodeError(w.value());
            case ReservedNames.INTERRUPT -> {
                t.interrupts.clear();
                JsonNode all = serde.decodeTree(w.value(), budget);
                if (!all.isArray()) {
                    throw new SerdeException("interrupts are not a JSON array", null);
                }
                for (JsonNode i : all) {
                    if (!i.isObject() || !i.path("id").isString()) {
                        throw new SerdeException("an interrupt has no string id: " + i, null);
                    }
                    t.interrupts.add(Interrupt.stored(i.path("id").asString(), i.path("value"), serde));
                }
            }
            case ReservedNames.RESUME -> serde.decodeTree(w.value(), budget).forEach(t.resumes::add);
            case ReservedNames.NO_WRITES -> t.finished = true;
            default -> {
                Integer c = spec.channelIndex.get(w.channel());
                t.finished = true;
                if (c != null) {
                    t.channels.add(c);
                    t.values.add(codecs.decodeWrite(c, w.value(), budget));
                }
            }
        }
    }
}
