package dev.switchboard.server;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's own record of a thread (LangGraph Server keeps thread metadata, status and the last
 * values itself; the checkpoints stay in the saver). Guarded by its own monitor.
 */
final class ThreadRow {
    final String id;
    final String owner;
    final Instant createdAt;
    Instant updatedAt;
    ObjectNode metadata;
    String status = "idle";
    /** The values and interrupts after the last run; null until a run finished. */
    JsonNode values;

    JsonNode interrupts;
    /** Hidden from search: the thread of a stateless run, deleted when it ends. */
    final boolean temporary;

    RunRow active;
    final Deque<RunRow> queue = new ArrayDeque<>();

    ThreadRow(String id, String owner, ObjectNode metadata, boolean temporary) {
        this(id, owner, metadata, temporary, Clock.now());
    }

    private ThreadRow(String id, String owner, ObjectNode metadata, boolean temporary, Instant createdAt) {
        this.id = id;
        this.owner = owner;
        this.metadata = metadata;
        this.temporary = temporary;
        this.createdAt = createdAt;
        this.updatedAt = createdAt;
    }

    /** The row as the {@link RowStore} keeps it: everything but the live runs. */
    synchronized ObjectNode stored() {
        ObjectNode out = Json.object();
        out.put("thread_id", id);
        out.put("owner", owner);
        out.put("created_at", createdAt.toString());
        out.put("updated_at", updatedAt.toString());
        out.set("metadata", metadata.deepCopy());
        out.put("status", status);
        if (values != null) {
            out.set("values", values);
            out.set("interrupts", interrupts);
        }
        return out;
    }

    /**
     * The fields a run or a state update changes (status, values, interrupts, updated_at), written
     * over the stored row's without touching its metadata: a metadata change made meanwhile on
     * another JVM survives. No values yet is an explicit null, so a stale value is cleared too.
     */
    synchronized ObjectNode stateFields() {
        ObjectNode out = Json.object();
        out.put("updated_at", updatedAt.toString());
        out.put("status", status);
        out.set("values", values == null ? Json.MAPPER.nullNode() : values);
        out.set("interrupts", interrupts == null ? Json.MAPPER.nullNode() : interrupts);
        return out;
    }

    /** The thread a {@link #stored()} row describes, with no active or queued run yet. */
    static ThreadRow restore(ObjectNode row) {
        ThreadRow t = new ThreadRow(
                Json.text(row, "thread_id"),
                Json.text(row, "owner"),
                (ObjectNode) row.get("metadata"),
                false,
                Instant.parse(Json.text(row, "created_at")));
        t.updatedAt = Instant.parse(Json.text(row, "updated_at"));
        t.status = Json.text(row, "status");
        t.values = orNull(row.get("values"));
        t.interrupts = orNull(row.get("interrupts"));
        return t;
    }

    /** Takes what another JVM stored of this thread: status, values, metadata. */
    synchronized void reload(ObjectNode row) {
        updatedAt = Instant.parse(Json.text(row, "updated_at"));
        metadata = (ObjectNode) row.get("metadata");
        status = Json.text(row, "status");
        values = orNull(row.get("values"));
        interrupts = orNull(row.get("interrupts"));
    }

    private static JsonNode orNull(JsonNode n) {
        return n == null || n.isNull() ? null : n;
    }

    synchronized ObjectNode json() {
        ObjectNode out = Json.object();
        out.put("thread_id", id);
        out.put("created_at", createdAt.toString());
        out.put("updated_at", updatedAt.toString());
        out.set("metadata", metadata.deepCopy());
        out.put("status", status);
        ObjectNode config = out.putObject("config");
        if (values != null) {
            config.putObject("configurable");
            out.set("values", values);
            out.set("interrupts", interrupts);
        }
        return out;
    }

    synchronized boolean busy() {
        return active != null || !queue.isEmpty();
    }

    synchronized void touch() {
        updatedAt = Clock.now();
    }
}
