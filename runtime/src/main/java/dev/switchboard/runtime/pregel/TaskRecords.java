package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.serde.DecodeBudget;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How a task is stored as pending writes against the checkpoint its step started from, and read
 * back ({@link StoredTask}): its writes by channel name, or its error, or the interrupts it paused
 * at with the resume values it had consumed. Negative write indices mark a task's latest state
 * rather than its writes: a saver replaces them, so a task that pauses or fails again overwrites
 * its previous interrupt or error.
 */
final class TaskRecords {
    static final int ERROR_INDEX = -1;
    static final int INTERRUPT_INDEX = -3;
    static final int RESUME_INDEX = -4;
    /** Step number n is stored at index {@code STEP_INDEX - n}: apart from the task's writes and LangGraph's reserved indices. */
    static final int STEP_INDEX = -100;

    private static final byte[] NAME_KEY = "{\"name\":".getBytes(StandardCharsets.UTF_8);
    private static final byte[] VALUE_KEY = ",\"value\":".getBytes(StandardCharsets.UTF_8);

    private final GraphSpec spec;
    private final Codecs codecs;
    private final JsonSerde serde;

    TaskRecords(GraphSpec spec, Codecs codecs, JsonSerde serde) {
        this.spec = spec;
        this.codecs = codecs;
        this.serde = serde;
    }

    /** Told the stored bytes of each write as a task's writes are encoded. */
    @FunctionalInterface
    interface Encoded {
        void write(int channel, Object value, byte[] bytes);
    }

    /** A finished, failed or paused task as the pending writes that store it. */
    List<PendingWrite> encode(Task task, String taskId) {
        return encode(task, taskId, (channel, value, bytes) -> {});
    }

    /** {@link #encode(Task, String)}, telling {@code encoded} each write's bytes. */
    List<PendingWrite> encode(Task task, String taskId, Encoded encoded) {
        List<PendingWrite> writes = new ArrayList<>();
        if (!task.interrupts.isEmpty()) {
            if (!task.resumes().isEmpty()) {
                writes.add(new PendingWrite(
                        taskId, RESUME_INDEX, ReservedNames.RESUME, serde.encodeTree(resumesTree(task))));
            }
            ArrayNode all = serde.nodes().arrayNode();
            for (Interrupt interrupt : task.interrupts) {
                ObjectNode i = all.addObject();
                i.put("id", interrupt.id());
                i.set("value", serde.untypedTree(interrupt.value()));
            }
            writes.add(new PendingWrite(taskId, INTERRUPT_INDEX, ReservedNames.INTERRUPT, serde.encodeTree(all)));
            addSteps(task, taskId, writes);
        } else if (task.error != null) {
            writes.add(new PendingWrite(taskId, ERROR_INDEX, ReservedNames.ERROR, codecs.encodeError(task.error)));
            addSteps(task, taskId, writes);
        } else {
            for (int i = 0; i < task.writeCount; i++) {
                int c = task.writeChannels[i];
                if (spec.channels[c].tracked()) {
                    byte[] bytes = codecs.encodeWrite(c, task.writeValues[i]);
                    writes.add(new PendingWrite(taskId, writes.size(), spec.channels[c].name(), bytes));
                    encoded.write(c, task.writeValues[i], bytes);
                }
            }
            if (writes.isEmpty()) {
                // A task that wrote nothing must still be known to have finished.
                writes.add(new PendingWrite(taskId, 0, ReservedNames.NO_WRITES, new byte[0]));
            }
        }
        return writes;
    }

    /**
     * A paused or failed task runs again, so its recorded steps are stored with it (again, if they
     * were stored as they finished: a saver replaces a record at the same index); a task that
     * finished never runs again and stores none.
     */
    private static void addSteps(Task task, String taskId, List<PendingWrite> writes) {
        for (Map.Entry<Integer, StepRecord> step : task.recordedSteps()) {
            if (step.getValue().encoded() != null) {
                writes.add(stepWrite(taskId, step.getKey(), step.getValue()));
            }
        }
    }

    /** A durable step's record as a pending write of its task. */
    static PendingWrite stepWrite(String taskId, int number, StepRecord record) {
        return new PendingWrite(taskId, STEP_INDEX - number, ReservedNames.STEP, record.encoded());
    }

    /**
     * A step's result as recorded: {@code {"name": ..., "value": ...}}, the value written as the
     * step's type and checked against the serde's limits, so a record always reads back.
     */
    StepRecord stepResult(String name, ValueType type, Object value) {
        byte[] nameJson = jsonString(name);
        byte[] valueJson = serde.encodeChecked(type, value);
        byte[] out = new byte[NAME_KEY.length + nameJson.length + VALUE_KEY.length + valueJson.length + 1];
        int at = put(out, 0, NAME_KEY);
        at = put(out, at, nameJson);
        at = put(out, at, VALUE_KEY);
        at = put(out, at, valueJson);
        out[at] = '}';
        return new StepRecord(name, value, null, null, out);
    }

    private static int put(byte[] into, int at, byte[] bytes) {
        System.arraycopy(bytes, 0, into, at, bytes.length);
        return at + bytes.length;
    }

    /**
     * A step name as a JSON string, written by hand rather than through Jackson: it is written for
     * every recorded step, and a name needs escaping only for quotes, backslashes and controls.
     */
    private byte[] jsonString(String name) {
        if (name.length() > serde.limits().maxStringLength()) {
            throw new SerdeException(
                    "step name of " + name.length() + " characters is longer than the serde's limit of "
                            + serde.limits().maxStringLength(),
                    null);
        }
        StringBuilder b = new StringBuilder(name.length() + 2).append('"');
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A step's final failure as recorded: {@code {"name": ..., "error": {"name": type, "message": ...}}}. */
    StepRecord stepFailure(String name, StateSnapshot.TaskError failure) {
        ObjectNode n = serde.nodes().objectNode();
        n.put("name", name);
        ObjectNode error = n.putObject("error");
        error.put("name", failure.type());
        error.put("message", failure.message());
        return new StepRecord(name, null, null, failure, serde.encodeTree(n));
    }

    /** A recorded result as the step's type: a live one as it is, a stored one read back as that type. */
    Object stepValue(StepRecord record, ValueType type) {
        if (record.stored() == null) {
            return record.live();
        }
        Object value = serde.fromTree(type, record.stored());
        if (value != null && !type.accepts(value)) {
            throw new SerdeException("the recorded result of step '" + record.name() + "' is not a " + type, null);
        }
        return value;
    }

    private ArrayNode resumesTree(Task task) {
        ArrayNode array = serde.nodes().arrayNode();
        for (Object r : task.resumes()) {
            array.add(r instanceof JsonNode stored ? stored : serde.untypedTree(r));
        }
        return array;
    }

    /** A resume value as the node asked for it: stored ones are read back as that type. */
    <T> T resumeValue(Object resume, Class<T> type) {
        ValueType want = ValueType.of(type);
        if (resume instanceof JsonNode stored) {
            return cast(serde.fromTree(want, stored), want);
        }
        if (want.accepts(resume)) {
            return cast(resume, want);
        }
        return cast(serde.fromTree(want, serde.untypedTree(resume)), want);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object value, ValueType type) {
        if (value != null && !type.accepts(value)) {
            throw new SerdeException("resume value " + value + " is not a " + type, null);
        }
        return (T) value;
    }

    /**
     * Decodes the stored writes of tasks, by task id, in write order. A write that does not decode
     * fails as a {@link SerdeException} naming its task, index and channel.
     */
    Map<String, StoredTask> decode(List<PendingWrite> pending) {
        DecodeBudget budget = DecodeBudget.of(serde.limits());
        Map<String, StoredTask> byTask = new LinkedHashMap<>();
        for (PendingWrite w : pending) {
            StoredTask t = byTask.computeIfAbsent(w.taskId(), k -> new StoredTask());
            try {
                decodeWrite(w, t, budget);
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

    private StepRecord decodeStep(byte[] data, DecodeBudget budget) {
        JsonNode n = serde.decodeTree(data, budget);
        if (!n.path("name").isString()) {
            throw new SerdeException("a step record has no string name: " + n, null);
        }
        String name = n.path("name").asString();
        JsonNode error = n.get("error");
        if (error != null) {
            StateSnapshot.TaskError failure = new StateSnapshot.TaskError(
                    error.path("name").asString(""), error.path("message").asString(""));
            return new StepRecord(name, null, null, failure, data);
        }
        if (!n.has("value")) {
            throw new SerdeException("step record '" + name + "' has neither a value nor an error", null);
        }
        return new StepRecord(name, null, n.get("value"), null, data);
    }

    private void decodeWrite(PendingWrite w, StoredTask t, DecodeBudget budget) {
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
            case ReservedNames.STEP -> t.steps.put(STEP_INDEX - w.index(), decodeStep(w.value(), budget));
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
