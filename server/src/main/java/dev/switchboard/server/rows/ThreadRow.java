package dev.switchboard.server.rows;

import dev.switchboard.runtime.serde.IsoInstant;
import dev.switchboard.server.wire.Frozen;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.ThreadStatus;
import java.time.Instant;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's own record of a thread (LangGraph Server keeps thread metadata, status and the last
 * values itself; the checkpoints stay in the saver). Guarded by its own monitor, which is also the
 * lock of the thread's runs in this JVM (whoever changes what runs on the thread holds it).
 */
public final class ThreadRow {
    private final String id;
    private final String owner;
    private final Instant createdAt;
    private Instant updatedAt;
    private ObjectNode metadata;
    private ThreadStatus status = ThreadStatus.IDLE;
    /** The values and interrupts after the last run, as bytes (kept long); null until a run finished. */
    private Frozen values;

    private Frozen interrupts;
    /** Its time to live ({@code {ttl: minutes, strategy}}), or null to keep it. */
    private ObjectNode ttl;
    /** Hidden from search: the thread of a stateless run, deleted when it ends. */
    private final boolean temporary;

    /**
     * A new idle thread.
     *
     * @param id the thread id
     * @param owner the identity that owns it, or null without authentication
     * @param metadata its metadata
     * @param temporary whether it is a stateless run's
     */
    public ThreadRow(String id, String owner, ObjectNode metadata, boolean temporary) {
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

    /** @return the thread id */
    public String id() {
        return id;
    }

    /** @return the owning identity, or null */
    public String owner() {
        return owner;
    }

    /** @return whether it is a stateless run's thread */
    public boolean temporary() {
        return temporary;
    }

    /** @return when it was created */
    public Instant createdAt() {
        return createdAt;
    }

    /** @return when it last changed */
    public synchronized Instant updatedAt() {
        return updatedAt;
    }

    /** @return its metadata (a live object: change it only through the registry) */
    public synchronized ObjectNode metadata() {
        return metadata;
    }

    /** @return its status */
    public synchronized ThreadStatus status() {
        return status;
    }

    /** @return its values after the last run (a new tree), or null */
    public synchronized JsonNode values() {
        return Frozen.thaw(values);
    }

    /**
     * Sets the status and marks the thread changed.
     *
     * @param s the status
     */
    public synchronized void status(ThreadStatus s) {
        status = s;
        touch();
    }

    /**
     * Sets the values and interrupts a run or update left.
     *
     * @param values the state's values in their client form
     * @param interrupts the pending interrupts by task id
     */
    public synchronized void state(JsonNode values, JsonNode interrupts) {
        this.values = Frozen.of(values);
        this.interrupts = Frozen.of(interrupts);
    }

    /**
     * The row as the {@link RowStore} keeps it.
     *
     * @return the JSON
     */
    public synchronized ObjectNode stored() {
        ObjectNode out = Json.object();
        out.put("thread_id", id);
        out.put("owner", owner);
        out.put("created_at", IsoInstant.format(createdAt));
        out.put("updated_at", IsoInstant.format(updatedAt));
        out.set("metadata", metadata.deepCopy());
        out.put("status", status.wireName());
        if (values != null) {
            out.set("values", values.thaw());
            out.set("interrupts", Frozen.thaw(interrupts));
        }
        if (ttl != null) {
            out.set("ttl", ttl.deepCopy());
        }
        return out;
    }

    /** @return its time to live ({@code {ttl: minutes, strategy}}), or null */
    public synchronized ObjectNode ttl() {
        return ttl;
    }

    /**
     * Sets its time to live.
     *
     * @param ttl {@code {ttl: minutes, strategy: "delete" | "keep_latest"}}, or null to keep it
     */
    public synchronized void ttl(ObjectNode ttl) {
        this.ttl = ttl;
    }

    /**
     * Whether its time to live is over: it has not changed for its {@code ttl} minutes.
     *
     * @param now the time
     * @return true when it is over
     */
    public synchronized boolean expired(Instant now) {
        if (ttl == null) {
            return false;
        }
        double minutes = ttl.path("ttl").asDouble();
        return updatedAt.plusMillis(Math.round(minutes * 60_000)).isBefore(now);
    }

    /**
     * The fields a run or a state update changes (status, values, interrupts, updated_at), written
     * over the stored row's without touching its metadata: a metadata change made meanwhile on
     * another JVM survives. No values yet is an explicit null, so a stale value is cleared too.
     *
     * @return the JSON
     */
    public synchronized ObjectNode stateFields() {
        return fields(updatedAt, status, Frozen.thaw(values), Frozen.thaw(interrupts));
    }

    /**
     * The state fields as they are to be stored once a run left them so, before this object shows
     * them.
     *
     * @param status the status
     * @param values the values, or null
     * @param interrupts the interrupts, or null
     * @return the JSON
     */
    public synchronized ObjectNode stateFieldsAs(ThreadStatus status, JsonNode values, JsonNode interrupts) {
        return fields(Clock.now(), status, values, interrupts);
    }

    private static ObjectNode fields(Instant updatedAt, ThreadStatus status, JsonNode values, JsonNode interrupts) {
        ObjectNode out = Json.object();
        out.put("updated_at", IsoInstant.format(updatedAt));
        out.put("status", status.wireName());
        out.set("values", values == null ? Json.MAPPER.nullNode() : values);
        out.set("interrupts", interrupts == null ? Json.MAPPER.nullNode() : interrupts);
        return out;
    }

    /**
     * The thread a {@link #stored()} row describes.
     *
     * @param row the row
     * @return the thread
     */
    public static ThreadRow restore(ObjectNode row) {
        ThreadRow t = new ThreadRow(
                Json.text(row, "thread_id"),
                Json.text(row, "owner"),
                (ObjectNode) row.get("metadata"),
                false,
                IsoInstant.parse(Json.text(row, "created_at")));
        t.reload(row);
        return t;
    }

    /**
     * Takes what is stored of this thread (another JVM may have written it): status, values,
     * metadata.
     *
     * @param row the stored row
     */
    public synchronized void reload(ObjectNode row) {
        updatedAt = IsoInstant.parse(Json.text(row, "updated_at"));
        metadata = (ObjectNode) row.get("metadata");
        status = ThreadStatus.parse(Json.text(row, "status"));
        values = Frozen.of(orNull(row.get("values")));
        interrupts = Frozen.of(orNull(row.get("interrupts")));
        ttl = row.get("ttl") instanceof ObjectNode o ? o : null;
    }

    private static JsonNode orNull(JsonNode n) {
        return n == null || n.isNull() ? null : n;
    }

    /**
     * The thread as the API answers it.
     *
     * @return the JSON
     */
    public synchronized ObjectNode json() {
        ObjectNode out = Json.object();
        out.put("thread_id", id);
        out.put("created_at", IsoInstant.format(createdAt));
        out.put("updated_at", IsoInstant.format(updatedAt));
        out.set("metadata", metadata.deepCopy());
        out.put("status", status.wireName());
        ObjectNode config = out.putObject("config");
        if (values != null) {
            config.putObject("configurable");
            out.set("values", values.thaw());
            out.set("interrupts", Frozen.thaw(interrupts));
        }
        return out;
    }

    /** Marks the thread changed now. */
    public synchronized void touch() {
        updatedAt = Clock.now();
    }

    @Override
    public String toString() {
        return "thread " + id;
    }
}
