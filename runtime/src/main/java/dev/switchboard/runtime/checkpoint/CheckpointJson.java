package dev.switchboard.runtime.checkpoint;

import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON form in which persistent savers store a {@link Checkpoint}'s header (channel versions
 * and versions seen) and its {@link CheckpointMetadata}: plain strings and numbers only, so it can
 * be read without any type information. Older formats are migrated on read.
 *
 * <p>Format history: version 0 stored channel versions as bare counters with no delta chains
 * ({@code "channel_versions": {"messages": 3}}); version 1 stores each channel's version string,
 * snapshot base and sizes.
 */
public final class CheckpointJson {
    /**
     * Escapes everything outside ASCII: databases store the JSON as UTF-8 text, where a lone
     * surrogate in a metadata value has no encoding and would be replaced; escaped, it round-trips.
     */
    private static final JsonMapper MAPPER =
            JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    private CheckpointJson() {}

    /**
     * Encodes a checkpoint header.
     *
     * @param checkpoint the checkpoint
     * @return UTF-8 JSON
     */
    public static String encode(Checkpoint checkpoint) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("v", checkpoint.formatVersion());
        root.put("id", checkpoint.id());
        root.put("ts", checkpoint.timestamp().toString());
        ObjectNode channels = root.putObject("channels");
        checkpoint.channels().forEach((name, v) -> {
            ObjectNode c = channels.putObject(name);
            c.put("version", v.version());
            c.put("base", v.base());
            c.put("baseBytes", v.baseBytes());
            c.put("chainBytes", v.chainBytes());
        });
        ObjectNode seen = root.putObject("versionsSeen");
        checkpoint.versionsSeen().forEach((node, versions) -> {
            ObjectNode n = seen.putObject(node);
            versions.forEach(n::put);
        });
        return MAPPER.writeValueAsString(root);
    }

    /**
     * Decodes a checkpoint header in any supported format.
     *
     * @param json the stored JSON
     * @return the checkpoint, in the current format
     * @throws SerdeException if the JSON is not a checkpoint header
     */
    public static Checkpoint decode(String json) {
        JsonNode root = tree(json);
        int v = root.path("v").asInt(-1);
        if (v == 0) {
            return migrateV0(root);
        }
        if (v != Checkpoint.FORMAT_VERSION) {
            throw new SerdeException(
                    "unsupported checkpoint format version " + v + "; this runtime reads versions 0 to "
                            + Checkpoint.FORMAT_VERSION,
                    null);
        }
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        root.path("channels").properties().forEach(e -> {
            JsonNode c = e.getValue();
            channels.put(
                    e.getKey(),
                    new ChannelVersion(
                            c.path("version").asString(),
                            c.path("base").asString(),
                            c.path("baseBytes").asLong(),
                            c.path("chainBytes").asLong()));
        });
        return new Checkpoint(
                v,
                root.path("id").asString(),
                Instant.parse(root.path("ts").asString()),
                channels,
                seen(root.path("versionsSeen")));
    }

    /**
     * Version 0: bare counters as versions, every blob a snapshot stored under its counter. The
     * counter stays the version string, so the blobs written in version 0 are found unchanged.
     */
    private static Checkpoint migrateV0(JsonNode root) {
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        root.path("channel_versions").properties().forEach(e -> {
            String version = Long.toString(e.getValue().asLong());
            channels.put(e.getKey(), new ChannelVersion(version, version, 0, 0));
        });
        Map<String, Map<String, String>> seen = new LinkedHashMap<>();
        root.path("versions_seen").properties().forEach(n -> {
            Map<String, String> versions = new LinkedHashMap<>();
            n.getValue()
                    .properties()
                    .forEach(c -> versions.put(
                            c.getKey(), ChannelVersion.format(c.getValue().asLong(), "")));
            seen.put(n.getKey(), versions);
        });
        return new Checkpoint(
                Checkpoint.FORMAT_VERSION,
                root.path("id").asString(),
                Instant.parse(root.path("ts").asString()),
                channels,
                seen);
    }

    private static Map<String, Map<String, String>> seen(JsonNode node) {
        Map<String, Map<String, String>> seen = new LinkedHashMap<>();
        node.properties().forEach(n -> {
            Map<String, String> versions = new LinkedHashMap<>();
            n.getValue()
                    .properties()
                    .forEach(c -> versions.put(c.getKey(), c.getValue().asString()));
            seen.put(n.getKey(), versions);
        });
        return seen;
    }

    /**
     * Encodes metadata.
     *
     * @param metadata the metadata
     * @return UTF-8 JSON
     */
    public static String encode(CheckpointMetadata metadata) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("source", metadata.source().wireName());
        root.put("step", metadata.step());
        ObjectNode parents = root.putObject("parents");
        metadata.parents().forEach(parents::put);
        root.set("extra", MAPPER.valueToTree(metadata.extra()));
        return MAPPER.writeValueAsString(root);
    }

    /**
     * Decodes metadata.
     *
     * @param json the stored JSON
     * @return the metadata
     */
    public static CheckpointMetadata decodeMetadata(String json) {
        JsonNode root = tree(json);
        CheckpointMetadata.Source source =
                CheckpointMetadata.Source.valueOf(root.path("source").asString().toUpperCase(java.util.Locale.ROOT));
        Map<String, String> parents = new LinkedHashMap<>();
        root.path("parents")
                .properties()
                .forEach(e -> parents.put(e.getKey(), e.getValue().asString()));
        Map<String, Object> extra = new LinkedHashMap<>();
        root.path("extra").properties().forEach(e -> extra.put(e.getKey(), scalar(e.getValue())));
        return new CheckpointMetadata(source, root.path("step").asInt(), parents, extra);
    }

    private static Object scalar(JsonNode n) {
        if (n.isBoolean()) {
            return n.asBoolean();
        }
        if (n.isIntegralNumber()) {
            return n.asLong();
        }
        if (n.isNumber()) {
            return n.asDouble();
        }
        return n.asString();
    }

    private static JsonNode tree(String json) {
        try {
            return MAPPER.readTree(json.getBytes(StandardCharsets.UTF_8));
        } catch (JacksonException e) {
            throw new SerdeException("stored checkpoint header is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }
}
