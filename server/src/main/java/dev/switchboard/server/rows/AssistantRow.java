package dev.switchboard.server.rows;

import dev.switchboard.runtime.serde.IsoInstant;
import dev.switchboard.server.wire.Json;
import java.time.Instant;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An assistant as LangGraph Server keeps one: a graph plus the {@code config}, {@code context} and
 * {@code metadata} every run that names it starts with, a name, a description and a version (the
 * one its row shows; each change writes a new version, and any version can be made the current one
 * again). Immutable: a change makes a new row.
 *
 * @param assistantId the assistant id
 * @param graphId the graph it runs
 * @param config its config ({@code configurable}, {@code recursion_limit}, {@code tags}, ...)
 * @param context its run context (an object, or any JSON value)
 * @param metadata its metadata
 * @param name its name
 * @param description its description, or null
 * @param version the version it shows
 * @param createdAt when it was created (for a version: when that version was written)
 * @param updatedAt when it last changed
 */
public record AssistantRow(
        String assistantId,
        String graphId,
        ObjectNode config,
        JsonNode context,
        ObjectNode metadata,
        String name,
        String description,
        int version,
        Instant createdAt,
        Instant updatedAt) {

    /** Checks the fields. */
    public AssistantRow {
        Objects.requireNonNull(assistantId, "assistantId");
        Objects.requireNonNull(graphId, "graphId");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(name, "name");
    }

    /**
     * Whether it is the system assistant the server made for a graph it serves.
     *
     * @return true when its metadata says {@code created_by: system}
     */
    public boolean system() {
        return "system".equals(Json.text(metadata, "created_by"));
    }

    /**
     * The assistant as the API answers it.
     *
     * @return the JSON
     */
    public ObjectNode json() {
        ObjectNode o = versionJson();
        o.put("updated_at", IsoInstant.format(updatedAt));
        return o;
    }

    /**
     * A version as {@code POST /assistants/{id}/versions} lists it (no {@code updated_at}).
     *
     * @return the JSON
     */
    public ObjectNode versionJson() {
        ObjectNode o = Json.object();
        o.put("assistant_id", assistantId);
        o.put("graph_id", graphId);
        o.set("config", config.deepCopy());
        o.set("context", context.deepCopy());
        o.put("created_at", IsoInstant.format(createdAt));
        o.set("metadata", metadata.deepCopy());
        o.put("version", version);
        o.put("name", name);
        if (description == null) {
            o.putNull("description");
        } else {
            o.put("description", description);
        }
        return o;
    }

    /**
     * The row a {@link #json()} (or {@link #versionJson()}) describes.
     *
     * @param row the JSON
     * @return the row
     */
    public static AssistantRow restore(ObjectNode row) {
        Instant created = IsoInstant.parse(Json.text(row, "created_at"));
        String updated = Json.text(row, "updated_at");
        return new AssistantRow(
                Json.text(row, "assistant_id"),
                Json.text(row, "graph_id"),
                (ObjectNode) row.get("config"),
                row.get("context"),
                (ObjectNode) row.get("metadata"),
                Json.text(row, "name"),
                Json.text(row, "description"),
                row.get("version").asInt(),
                created,
                updated == null ? created : IsoInstant.parse(updated));
    }

    /**
     * This assistant as a given version shows it, made current now.
     *
     * @param v the version
     * @param now the time of the change
     * @return the row
     */
    public AssistantRow atVersion(AssistantRow v, Instant now) {
        return new AssistantRow(
                assistantId,
                v.graphId,
                v.config,
                v.context,
                v.metadata,
                v.name,
                v.description,
                v.version,
                createdAt,
                now);
    }
}
