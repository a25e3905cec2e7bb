package dev.switchboard.runtime.checkpoint;

import dev.switchboard.runtime.serde.SerdeException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
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
 * snapshot base and sizes, with every name spelled out; version 2 ({@link #encodeCompact}) is a
 * compact array that refers to names by index in a dictionary the saver stores once, to versions by
 * counter, and leaves the id and timestamp to the saver's row. Metadata omits empty parents and
 * extra values (read back as empty). Versions 1 and 2 record the graph's schema version ({@code
 * @Graph(version)}) when it is not 1; version 0, which had none, reads as schema version 1.
 */
public final class CheckpointJson {
    /**
     * Escapes everything outside ASCII: databases store the JSON as UTF-8 text, where a lone
     * surrogate in a metadata value has no encoding and would be replaced; escaped, it round-trips.
     */
    private static final JsonMapper MAPPER =
            JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    /**
     * The extra values this thread encoded last and their JSON ({@link #extraJson}): one map, kept
     * by identity, and its text.
     */
    private static final ThreadLocal<Object[]> LAST_EXTRA = ThreadLocal.withInitial(() -> new Object[2]);

    private static final StoredFields HEADER = new StoredFields("checkpoint header");
    private static final StoredFields METADATA = new StoredFields("checkpoint metadata");

    /** The sources by wire name. */
    private static final Map<String, CheckpointMetadata.Source> SOURCES = sources();

    private CheckpointJson() {}

    /**
     * A header in format 2 and the dictionary of names it refers to, which the saver stores once
     * under {@code namesId} (the same names always give the same id, so storing it again is a
     * no-op).
     *
     * @param header the header's JSON
     * @param namesId the dictionary's id, a digest of {@code names}
     * @param names the dictionary's JSON
     */
    public record Compact(String header, String namesId, String names) {}

    /**
     * Encodes a checkpoint header in the compact format 2.
     *
     * @param checkpoint the checkpoint
     * @return the header and its names
     */
    public static Compact encodeCompact(Checkpoint checkpoint) {
        return CompactHeader.encode(MAPPER, checkpoint);
    }

    /**
     * The header as a saver stores it: the compact form, or for a checkpoint of format 1 (read from
     * an old store and copied) the plain JSON it was stored as.
     *
     * @param checkpoint the checkpoint
     * @return the stored header's JSON
     */
    public static String storedHeader(Checkpoint checkpoint) {
        return checkpoint.formatVersion() == 1
                ? encode(checkpoint)
                : encodeCompact(checkpoint).header();
    }

    /**
     * The bytes a checkpoint's row holds in a saver: its stored header and metadata, in UTF-8 (the
     * dictionary of names, stored once per store, not included).
     *
     * @param checkpoint the checkpoint
     * @param metadata its metadata
     * @return bytes
     */
    public static long storedBytes(Checkpoint checkpoint, CheckpointMetadata metadata) {
        return utf8Length(storedHeader(checkpoint)) + utf8Length(encode(metadata));
    }

    private static long utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * Decodes a stored header in any supported format: format 2 takes its id and timestamp from
     * the arguments and its names from {@code names}; older formats carry their own (the caller
     * checks them against its row).
     *
     * @param json the stored header
     * @param id the checkpoint id the row is stored under
     * @param timestamp the creation time the row records
     * @param names the stored dictionary of a names id, or {@code null} if there is none
     * @return the checkpoint
     * @throws SerdeException naming the field, if the header or its names are corrupt
     */
    public static Checkpoint decode(
            String json, String id, Instant timestamp, java.util.function.Function<String, String> names) {
        Checkpoint fast = CompactHeaderReader.read(json, id, timestamp, names);
        if (fast != null) {
            return fast;
        }
        JsonNode root = parse(json, HEADER);
        if (!root.isArray()) {
            return decode(object(root, HEADER));
        }
        JsonNode v = root.get(0);
        if (v == null || !v.isIntegralNumber() || v.asLong() != CompactHeader.VERSION) {
            throw new SerdeException(
                    "unsupported checkpoint format version " + v + "; this runtime reads versions 0 to "
                            + Checkpoint.FORMAT_VERSION,
                    null);
        }
        return CompactHeader.decode(root, id, timestamp, names);
    }

    /**
     * Encodes a checkpoint header in the self-contained format 1, for a saver that keeps no
     * dictionary of names: every name, the id and the timestamp are in the header, which reads
     * back as a checkpoint of format 1.
     *
     * @param checkpoint the checkpoint
     * @return UTF-8 JSON
     */
    public static String encode(Checkpoint checkpoint) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("v", 1);
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
        if (checkpoint.schemaVersion() != 1) {
            root.put("schema", checkpoint.schemaVersion());
        }
        return MAPPER.writeValueAsString(root);
    }

    /**
     * Decodes a checkpoint header in any supported format.
     *
     * @param json the stored JSON
     * @return the checkpoint, in the current format
     * @throws SerdeException naming the field, if the JSON is not a checkpoint header
     */
    public static Checkpoint decode(String json) {
        return decode(tree(json, HEADER));
    }

    private static Checkpoint decode(JsonNode root) {
        long v = HEADER.integer(root, "v", "v", 0, Integer.MAX_VALUE);
        if (v == 0) {
            return migrateV0(root);
        }
        if (v != 1) {
            throw new SerdeException(
                    "unsupported checkpoint format version " + v + "; this runtime reads versions 0 to "
                            + Checkpoint.FORMAT_VERSION,
                    null);
        }
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        HEADER.object(root, "channels", "channels").properties().forEach(e -> {
            String path = "channels." + e.getKey();
            JsonNode c = HEADER.object(root.get("channels"), path, e.getKey());
            channels.put(
                    e.getKey(),
                    new ChannelVersion(
                            HEADER.key(c, path + ".version", "version"),
                            HEADER.key(c, path + ".base", "base"),
                            HEADER.integer(c, path + ".baseBytes", "baseBytes", 0, Long.MAX_VALUE),
                            HEADER.integer(c, path + ".chainBytes", "chainBytes", 0, Long.MAX_VALUE)));
        });
        return new Checkpoint(
                (int) v,
                HEADER.key(root, "id", "id"),
                HEADER.instant(root, "ts", "ts"),
                channels,
                seen(root, "versionsSeen", v),
                root.has("schema") ? (int) HEADER.integer(root, "schema", "schema", 1, Integer.MAX_VALUE) : 1);
    }

    /**
     * Version 0: bare counters as versions, every blob a snapshot stored under its counter. The
     * counter stays the version string, so the blobs written in version 0 are found unchanged.
     */
    private static Checkpoint migrateV0(JsonNode root) {
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        HEADER.object(root, "channel_versions", "channel_versions").properties().forEach(e -> {
            String version = Long.toString(HEADER.integer(
                    root.get("channel_versions"), "channel_versions." + e.getKey(), e.getKey(), 0, Long.MAX_VALUE));
            channels.put(e.getKey(), new ChannelVersion(version, version, 0, 0));
        });
        return new Checkpoint(
                Checkpoint.FORMAT_VERSION,
                HEADER.key(root, "id", "id"),
                HEADER.instant(root, "ts", "ts"),
                channels,
                seen(root, "versions_seen", 0),
                1);
    }

    /** The versions each node has seen: strings, or in version 0 bare counters. */
    private static Map<String, Map<String, String>> seen(JsonNode root, String field, long format) {
        Map<String, Map<String, String>> seen = new LinkedHashMap<>();
        JsonNode all = HEADER.object(root, field, field);
        all.properties().forEach(n -> {
            String path = field + "." + n.getKey();
            JsonNode node = HEADER.object(all, path, n.getKey());
            Map<String, String> versions = new LinkedHashMap<>();
            node.properties()
                    .forEach(c -> versions.put(
                            c.getKey(),
                            format == 0
                                    ? ChannelVersion.format(
                                            HEADER.integer(
                                                    node, path + "." + c.getKey(), c.getKey(), 0, Long.MAX_VALUE),
                                            "")
                                    : HEADER.key(node, path + "." + c.getKey(), c.getKey())));
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
        StringWriter out = new StringWriter(64);
        try (JsonGenerator g = MAPPER.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringProperty("source", metadata.source().wireName());
            g.writeNumberProperty("step", metadata.step());
            if (!metadata.parents().isEmpty()) {
                g.writeName("parents");
                g.writeStartObject();
                for (Map.Entry<String, String> p : metadata.parents().entrySet()) {
                    g.writeStringProperty(p.getKey(), p.getValue());
                }
                g.writeEndObject();
            }
            if (!metadata.extra().isEmpty()) {
                g.writeName("extra");
                g.writeRawValue(extraJson(metadata.extra()));
            }
            g.writeEndObject();
        }
        return out.toString();
    }

    /**
     * The JSON of a metadata's extra values. A run writes the same map (its config's metadata, an
     * immutable copy) into each of its checkpoints, so the last one encoded on this thread is kept
     * with its JSON and reused when the same map comes again, if it holds only immutable scalars
     * (which cannot have changed since).
     */
    private static String extraJson(Map<String, Object> extra) {
        Object[] last = LAST_EXTRA.get();
        if (last[0] == extra) {
            return (String) last[1];
        }
        String json = MAPPER.writeValueAsString(MAPPER.valueToTree(extra));
        if (immutableScalars(extra)) {
            last[0] = extra;
            last[1] = json;
        }
        return json;
    }

    private static boolean immutableScalars(Map<String, Object> extra) {
        for (Object v : extra.values()) {
            if (!(v instanceof String
                    || v instanceof Boolean
                    || v instanceof Integer
                    || v instanceof Long
                    || v instanceof Double
                    || v instanceof Float
                    || v instanceof Short
                    || v instanceof Byte
                    || v instanceof java.math.BigDecimal
                    || v instanceof java.math.BigInteger)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Decodes metadata.
     *
     * @param json the stored JSON
     * @return the metadata
     * @throws SerdeException naming the field, if a field is missing, of the wrong type or
     *     unknown
     */
    public static CheckpointMetadata decodeMetadata(String json) {
        CheckpointMetadata plain = plainMetadata(json);
        return plain != null ? plain : metadataTree(json);
    }

    /** Decodes metadata through a JSON tree, whatever its form. */
    static CheckpointMetadata metadataTree(String json) {
        JsonNode root = tree(json, METADATA);
        String wire = METADATA.string(root, "source", "source");
        CheckpointMetadata.Source source = null;
        for (CheckpointMetadata.Source s : CheckpointMetadata.Source.values()) {
            if (s.wireName().equals(wire)) {
                source = s;
            }
        }
        if (source == null) {
            throw METADATA.corrupt(
                    "source", "has the unknown value \"" + wire + "\"; expected input, loop, update or fork");
        }
        int step = (int) METADATA.integer(root, "step", "step", Integer.MIN_VALUE, Integer.MAX_VALUE);
        Map<String, String> parents = new LinkedHashMap<>();
        JsonNode p = root.has("parents") ? METADATA.object(root, "parents", "parents") : MAPPER.createObjectNode();
        p.properties().forEach(e -> parents.put(e.getKey(), METADATA.key(p, "parents." + e.getKey(), e.getKey())));
        Map<String, Object> extra = new LinkedHashMap<>();
        JsonNode x = root.has("extra") ? METADATA.object(root, "extra", "extra") : MAPPER.createObjectNode();
        x.properties().forEach(e -> extra.put(e.getKey(), scalar(e.getValue(), "extra." + e.getKey())));
        return new CheckpointMetadata(source, step, parents, extra);
    }

    /**
     * Metadata of just a known source and an int step, each once (most checkpoints' metadata),
     * read off the token stream; {@code null} for anything else, which the tree decoder reads or
     * refuses naming the field. Building a tree per checkpoint took a tenth of reading a history.
     */
    static CheckpointMetadata plainMetadata(String json) {
        CheckpointMetadata.Source source = null;
        boolean sawSource = false;
        long step = Long.MIN_VALUE;
        try (JsonParser p = MAPPER.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                String field = p.currentName();
                t = p.nextToken();
                if ("source".equals(field) && !sawSource && t == JsonToken.VALUE_STRING) {
                    sawSource = true;
                    source = SOURCES.get(p.getString());
                } else if ("step".equals(field)
                        && step == Long.MIN_VALUE
                        && t == JsonToken.VALUE_NUMBER_INT
                        && p.getNumberType() == JsonParser.NumberType.INT) {
                    step = p.getIntValue();
                } else {
                    return null;
                }
            }
            if (source == null || step == Long.MIN_VALUE || p.nextToken() != null) {
                return null;
            }
        } catch (JacksonException e) {
            return null;
        }
        return new CheckpointMetadata(source, (int) step, new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    private static Map<String, CheckpointMetadata.Source> sources() {
        Map<String, CheckpointMetadata.Source> sources = new java.util.HashMap<>();
        for (CheckpointMetadata.Source s : CheckpointMetadata.Source.values()) {
            sources.put(s.wireName(), s);
        }
        return Map.copyOf(sources);
    }

    private static Object scalar(JsonNode n, String path) {
        if (n.isBoolean()) {
            return n.asBoolean();
        }
        if (n.isIntegralNumber()) {
            // metadata holds what a run was given: an integer beyond 64 bits stays whole
            return n.canConvertToLong() ? (Object) n.asLong() : n.bigIntegerValue();
        }
        if (n.isNumber()) {
            return n.asDouble();
        }
        if (n.isString()) {
            return n.asString();
        }
        throw METADATA.corrupt(path, "is not a string, number or boolean: " + n);
    }

    private static JsonNode tree(String json, StoredFields document) {
        return object(parse(json, document), document);
    }

    private static JsonNode object(JsonNode root, StoredFields document) {
        if (!root.isObject()) {
            throw document.corrupt("(whole document)", "is not a JSON object");
        }
        return root;
    }

    private static JsonNode parse(String json, StoredFields document) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json.getBytes(StandardCharsets.UTF_8));
        } catch (JacksonException e) {
            throw document.corrupt("(whole document)", "is not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !(root.isObject() || root.isArray())) {
            throw document.corrupt("(whole document)", "is not a JSON object");
        }
        return root;
    }
}
