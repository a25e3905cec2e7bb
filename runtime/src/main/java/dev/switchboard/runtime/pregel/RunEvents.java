package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run streams, built only for the modes its sink wants: values after a superstep, a task's
 * start and result (as {@code tasks} and {@code debug} parts) and its update, each checkpoint, and
 * the interrupt a pause ends with. The order of calls is the loop's; this class only shapes parts.
 */
final class RunEvents {
    private static final List<String> PUSH_TRIGGER = List.of(ReservedNames.PUSH);

    private final GraphSpec spec;
    private final EventSink sink;

    RunEvents(GraphSpec spec, EventSink sink) {
        this.spec = spec;
        this.sink = sink;
    }

    /** The state, if the last apply changed a channel the state shows. */
    void valuesIfChanged(ChannelState state) {
        if (sink.wants(StreamMode.VALUES) && state.streamChannelUpdated()) {
            sink.accept(new StreamPart.Values<>(state.readState(), state.streamValues()));
        }
    }

    /** The state as it is: at the start of a run that resumes, or after an input with no step. */
    void values(ChannelState state) {
        if (sink.wants(StreamMode.VALUES)) {
            sink.accept(new StreamPart.Values<>(state.readState(), state.streamValues()));
        }
    }

    /** The checkpoint the cursor stands at, with the tasks that come next. */
    void checkpoint(Cursor cursor, ChannelState state, List<Task> next) {
        boolean checkpoints = sink.wants(StreamMode.CHECKPOINTS);
        boolean debug = sink.wants(StreamMode.DEBUG);
        if ((!checkpoints && !debug) || cursor.checkpointId == null) {
            return;
        }
        List<Task> ordered = Task.declarationOrder(next);
        List<StreamPart.Checkpoint.TaskRef> refs = new ArrayList<>();
        for (Task t : ordered) {
            refs.add(new StreamPart.Checkpoint.TaskRef(t.id(), t.name, t.path()));
        }
        var part = new StreamPart.Checkpoint<Object>(
                cursor.checkpointId,
                cursor.parentCheckpointId,
                state.readState(),
                state.streamValues(),
                cursor.metadata,
                Task.names(ordered),
                refs);
        if (checkpoints) {
            sink.accept(part);
        }
        if (debug) {
            sink.accept(new StreamPart.Debug<>(cursor.metadata.step(), Instant.now(), part));
        }
    }

    /** A task is about to run, with the input it will get. */
    void taskStart(Task t, Object input, int step) {
        boolean tasksMode = sink.wants(StreamMode.TASKS);
        boolean debug = sink.wants(StreamMode.DEBUG);
        if (!tasksMode && !debug) {
            return;
        }
        var part = new StreamPart.TaskStart<Object>(t.id(), t.name, step, input, triggerNames(spec, t));
        if (tasksMode) {
            sink.accept(part);
        }
        if (debug) {
            sink.accept(new StreamPart.Debug<>(step, Instant.now(), part));
        }
    }

    /** A task finished (or its stored writes were reused): its update and its result. */
    void taskEnd(Task t, int step) {
        boolean updates = sink.wants(StreamMode.UPDATES) && t.error == null && !t.paused();
        boolean tasksMode = sink.wants(StreamMode.TASKS);
        boolean debug = sink.wants(StreamMode.DEBUG);
        if (!updates && !tasksMode && !debug) {
            return;
        }
        Map<String, Object> writes = stateWrites(spec, t);
        if (updates) {
            sink.accept(new StreamPart.Updates<>(t.name, writes, t.cached()));
        }
        if (tasksMode || debug) {
            var part = new StreamPart.TaskResult<Object>(t.id(), t.name, step, writes, t.error, t.interrupts);
            if (tasksMode) {
                sink.accept(part);
            }
            if (debug) {
                sink.accept(new StreamPart.Debug<>(step, Instant.now(), part));
            }
        }
    }

    /** The run paused: at a breakpoint (no interrupts) or because nodes asked. */
    void interrupted(List<Interrupt> interrupts) {
        for (StreamMode mode : List.of(StreamMode.UPDATES, StreamMode.VALUES)) { // LangGraph's order (scenario 44)
            if (sink.wants(mode)) {
                sink.accept(new StreamPart.Interrupted<>(mode, interrupts));
            }
        }
    }

    /** The channels a task triggered on, plus {@code __pregel_push} for a Send's task. */
    static List<String> triggerNames(GraphSpec spec, Task t) {
        if (t.triggers == spec.triggers[t.node] && !t.isPush()) {
            return spec.triggerNames[t.node]; // a pull task's: the same for every task of the node
        }
        if (t.triggers.length == 0) {
            return t.isPush() ? PUSH_TRIGGER : List.of();
        }
        List<String> triggers = new ArrayList<>();
        for (int c : t.triggers) {
            triggers.add(spec.channels[c].name());
        }
        if (t.isPush()) {
            triggers.add(ReservedNames.PUSH);
        }
        return triggers;
    }

    /**
     * A functional workflow's task call starts: its arguments are its input, and it shows as a
     * pushed task, as LangGraph schedules a task call.
     */
    void callStart(String id, String name, int step, List<Object> args) {
        boolean tasksMode = sink.wants(StreamMode.TASKS);
        boolean debug = sink.wants(StreamMode.DEBUG);
        if (!tasksMode && !debug) {
            return;
        }
        var part = new StreamPart.TaskStart<Object>(id, name, step, args, PUSH_TRIGGER);
        if (tasksMode) {
            sink.accept(part);
        }
        if (debug) {
            sink.accept(new StreamPart.Debug<>(step, Instant.now(), part));
        }
    }

    /**
     * A task call ended: its update (its return value; {@code cached} when its record answered it)
     * and, when it ran, its result.
     */
    void callEnd(String id, String name, int step, Object value, Throwable error, boolean cached) {
        Map<String, Object> writes = error == null ? Collections.singletonMap(ReservedNames.RETURN, value) : Map.of();
        if (error == null && sink.wants(StreamMode.UPDATES)) {
            sink.accept(new StreamPart.Updates<>(name, writes, cached));
        }
        boolean tasksMode = !cached && sink.wants(StreamMode.TASKS);
        boolean debug = !cached && sink.wants(StreamMode.DEBUG);
        if (tasksMode || debug) {
            var part = new StreamPart.TaskResult<Object>(id, name, step, writes, error, List.of());
            if (tasksMode) {
                sink.accept(part);
            }
            if (debug) {
                sink.accept(new StreamPart.Debug<>(step, Instant.now(), part));
            }
        }
    }

    /** A task's writes to state channels by name: what its update shows. */
    static Map<String, Object> stateWrites(GraphSpec spec, Task t) {
        if (spec.workflow) {
            return returned(spec, t);
        }
        Map<String, Object> writes = new LinkedHashMap<>();
        for (int i = 0; i < t.writeCount; i++) {
            int c = t.writeChannels[i];
            if (spec.isStreamChannel[c]) {
                writes.put(spec.channels[c].name(), t.writeValues[i]);
            }
        }
        return Collections.unmodifiableMap(writes);
    }

    /** A workflow entrypoint's update: the value it returned, under {@code __return__}. */
    private static Map<String, Object> returned(GraphSpec spec, Task t) {
        for (int i = 0; i < t.writeCount; i++) {
            if (spec.isStreamChannel[t.writeChannels[i]]) {
                return Collections.singletonMap(ReservedNames.RETURN, t.writeValues[i]);
            }
        }
        return Map.of();
    }
}
