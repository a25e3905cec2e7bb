package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Moves the pending writes of a renamed node's tasks to the task ids its new name gives: a task id
 * hashes the node's name (see {@link TaskIds}), so without this a resumed run would not recognise
 * the tasks that finished or paused before the rename. The ids of the interrupts they paused at
 * hash the name too, and are made again the way {@link Resumes#interruptId} makes them, so that a
 * resume by the id a snapshot shows reaches the task.
 */
final class TaskRekeying {
    /** More interrupt calls than any task makes before it is resumed. */
    private static final int MAX_CALLS = 256;

    private final String checkpointId;
    private final String namespace;
    private final int step;
    private final int pushes;
    private final JsonSerde serde;

    /** A task before and after the rename. */
    private record Moved(String oldNode, String newNode, String newId) {}

    TaskRekeying(String checkpointId, String namespace, int step, int pushes, JsonSerde serde) {
        this.checkpointId = checkpointId;
        this.namespace = namespace;
        this.step = step;
        this.pushes = pushes;
        this.serde = serde;
    }

    void apply(TupleEdit edit, Map<String, String> renames) {
        Map<String, Moved> ids = new HashMap<>();
        renames.forEach((old, now) -> {
            for (int push = -1; push < pushes; push++) {
                ids.put(
                        TaskIds.of(checkpointId, namespace, step, old, push),
                        new Moved(old, now, TaskIds.of(checkpointId, namespace, step, now, push)));
            }
        });
        edit.writes.replaceAll(w -> {
            Moved m = ids.get(w.taskId());
            if (m == null) {
                return w;
            }
            byte[] value =
                    w.channel().equals(ReservedNames.INTERRUPT) ? interrupts(w.value(), w.taskId(), m) : w.value();
            return new PendingWrite(m.newId(), w.index(), w.channel(), value);
        });
    }

    private byte[] interrupts(byte[] value, String oldId, Moved m) {
        JsonNode all;
        try {
            all = serde.decodeTree(value);
        } catch (SerdeException e) {
            return value; // reading it fails later, naming the write
        }
        for (JsonNode i : all) {
            if (i instanceof ObjectNode o && o.path("id").isString()) {
                String id = o.path("id").asString();
                for (int call = 0; call < MAX_CALLS; call++) {
                    if (Resumes.interruptId(namespace, m.oldNode(), oldId, call).equals(id)) {
                        o.put("id", Resumes.interruptId(namespace, m.newNode(), m.newId(), call));
                        break;
                    }
                }
            }
        }
        return serde.encodeTree(all);
    }
}
