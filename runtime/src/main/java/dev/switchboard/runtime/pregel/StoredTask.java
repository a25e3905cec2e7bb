package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.StateSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * A task's stored state, as {@link TaskRecords} reads it back: its writes if it finished, its error
 * if it failed, or the interrupt it paused at with the resume values it had already consumed; and
 * the durable steps it recorded, which a task that runs again replays.
 */
final class StoredTask {
    final List<Integer> channels = new ArrayList<>();
    final List<Object> values = new ArrayList<>();
    final List<Interrupt> interrupts = new ArrayList<>();
    final List<JsonNode> resumes = new ArrayList<>();
    /** The durable steps it recorded, by step number. */
    final Map<Integer, StepRecord> steps = new TreeMap<>();

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

    /** Adds the stored writes of a task that finished to the task, in write order. */
    void addWritesTo(Task t) {
        for (int i = 0; i < channels.size(); i++) {
            t.add(channels.get(i), values.get(i));
        }
    }
}
