package dev.switchboard.runtime.checkpoint;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Format version 2 of a checkpoint header: a JSON array {@code [2, names, suffixes, channels,
 * seen]}, with a sixth element, the graph's schema version, when that is not 1, that refers to channels and nodes by their index in a {@link NameDictionary} stored once
 * (per set of names, shared by every thread of a graph) instead of repeating every name in every
 * checkpoint, and to versions by their integer counter instead of LangGraph's padded string.
 *
 * <ul>
 *   <li>{@code suffixes}: the run suffixes the channel versions use, the most frequent first.
 *   <li>{@code channels}: one entry per dictionary channel: {@code null} for a channel without a
 *       version (named only by versions seen); the counter alone for a snapshot or empty value of
 *       the first suffix; otherwise {@code [counter, suffix, baseBytes, chainBytes, baseCounter,
 *       baseSuffix]} without trailing defaults (0, 0, 0, the version's counter and suffix).
 *   <li>{@code seen}: per dictionary node, a flat array of channel index and version pairs.
 * </ul>
 *
 * A version string that is not {@code <16-digit counter>.<suffix>} (any string a caller chose) is
 * stored as itself. The checkpoint id and timestamp are not repeated: the saver stores them as the
 * row's key and creation time, and passes them back to {@link #decode}.
 */
final class CompactHeader {
    static final int VERSION = 2;

    private static final StoredFields HEADER = new StoredFields("checkpoint header");

    private CompactHeader() {}

    static CheckpointJson.Compact encode(JsonMapper mapper, Checkpoint checkpoint) {
        NameDictionary names = NameDictionary.of(checkpoint);
        List<String> suffixes = suffixes(checkpoint);
        ArrayNode root = mapper.createArrayNode();
        root.add(VERSION).add(names.id());
        suffixes.forEach(root.addArray()::add);
        ArrayNode channels = root.addArray();
        for (String name : names.channels()) {
            ChannelVersion v = checkpoint.channels().get(name);
            if (v == null) {
                channels.addNull();
            } else {
                channel(channels, v, suffixes);
            }
        }
        Map<String, Integer> index = names.channelIndexes();
        ArrayNode seen = root.addArray();
        for (String node : names.nodes()) {
            ArrayNode pairs = seen.addArray();
            checkpoint.versionsSeen().get(node).forEach((channel, version) -> {
                pairs.add(index.get(channel));
                Version.of(version).addTo(pairs, List.of(""));
            });
        }
        if (checkpoint.schemaVersion() != 1) {
            root.add(checkpoint.schemaVersion());
        }
        return new CheckpointJson.Compact(mapper.writeValueAsString(root), names.id(), names.json());
    }

    private static void channel(ArrayNode channels, ChannelVersion v, List<String> suffixes) {
        Version version = Version.of(v.version());
        Version base = Version.of(v.base());
        int s = version.suffixIndex(suffixes);
        boolean sameBase = base.raw().equals(version.raw());
        if (s == 0 && sameBase && v.baseBytes() == 0 && v.chainBytes() == 0) {
            version.addTo(channels, suffixes);
            return;
        }
        ArrayNode e = channels.addArray();
        e.add(version.counterOrRaw()).add(s).add(v.baseBytes()).add(v.chainBytes());
        if (!sameBase) {
            e.add(base.counterOrRaw());
            if (base.suffixIndex(suffixes) != s) {
                e.add(base.suffixIndex(suffixes));
            }
            return;
        }
        // Without a base of its own, trailing zeros are the defaults.
        while (e.size() > 1
                && e.get(e.size() - 1).isIntegralNumber()
                && e.get(e.size() - 1).asLong() == 0) {
            e.remove(e.size() - 1);
        }
    }

    /** The suffixes of the channel versions, the most frequent first (ties by name, for stable output). */
    private static List<String> suffixes(Checkpoint checkpoint) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (ChannelVersion v : checkpoint.channels().values()) {
            for (String s : new String[] {v.version(), v.base()}) {
                Version parsed = Version.of(s);
                if (parsed.suffix() != null) {
                    counts.merge(parsed.suffix(), 1, Integer::sum);
                }
            }
        }
        List<String> out = new ArrayList<>(new TreeSet<>(counts.keySet()));
        out.sort((a, b) -> counts.get(b) - counts.get(a));
        return out;
    }

    // ---------------------------------------------------------------- decode

    static Checkpoint decode(JsonNode root, String id, Instant timestamp, Function<String, String> dictionaries) {
        if (root.size() != 5 && root.size() != 6) {
            throw HEADER.corrupt("(whole document)", "has " + root.size() + " elements; format 2 has 5 or 6");
        }
        String namesId = text(root.get(1), "[1] (names)");
        NameDictionary names = NameDictionary.read(namesId, dictionaries.apply(namesId));
        List<String> suffixes = new ArrayList<>();
        for (JsonNode s : array(root.get(2), "[2] (suffixes)")) {
            suffixes.add(text(s, "[2] (suffixes)"));
        }
        Map<String, ChannelVersion> channels = channels(array(root.get(3), "[3] (channels)"), names, suffixes);
        Map<String, Map<String, String>> seen = new LinkedHashMap<>();
        JsonNode nodes = array(root.get(4), "[4] (versions seen)");
        if (nodes.size() != names.nodes().size()) {
            throw HEADER.corrupt(
                    "[4] (versions seen)",
                    "has " + nodes.size() + " nodes; its names have "
                            + names.nodes().size());
        }
        for (int i = 0; i < nodes.size(); i++) {
            String path = "[4] (versions seen of " + names.nodes().get(i) + ")";
            seen.put(names.nodes().get(i), seenBy(array(nodes.get(i), path), names, path));
        }
        int schema = root.size() == 6 ? (int) number(root, 5, 1, 1, Integer.MAX_VALUE, "[5] (schema version)") : 1;
        return new Checkpoint(VERSION, id, timestamp, channels, seen, schema);
    }

    private static Map<String, ChannelVersion> channels(JsonNode entries, NameDictionary names, List<String> suffixes) {
        if (entries.size() != names.channels().size()) {
            throw HEADER.corrupt(
                    "[3] (channels)",
                    "has " + entries.size() + " entries; its names have "
                            + names.channels().size());
        }
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            String name = names.channels().get(i);
            String path = "[3] (channel " + name + ")";
            if (e.isNull()) {
                continue;
            }
            if (!e.isArray()) {
                String version = Version.read(e, 0, suffixes, path);
                channels.put(name, new ChannelVersion(version, version, 0, 0));
                continue;
            }
            if (e.size() < 1 || e.size() > 6) {
                throw HEADER.corrupt(path, "has " + e.size() + " elements; expected 1 to 6");
            }
            int last = Math.max(0, suffixes.size() - 1);
            int s = (int) number(e, 1, 0, 0, last, path);
            String version = Version.read(e.get(0), s, suffixes, path);
            long baseBytes = number(e, 2, 0, 0, Long.MAX_VALUE, path);
            long chainBytes = number(e, 3, 0, 0, Long.MAX_VALUE, path);
            String base = e.size() > 4
                    ? Version.read(e.get(4), (int) number(e, 5, s, 0, last, path), suffixes, path)
                    : version;
            channels.put(name, new ChannelVersion(version, base, baseBytes, chainBytes));
        }
        return channels;
    }

    private static Map<String, String> seenBy(JsonNode pairs, NameDictionary names, String path) {
        if (pairs.size() % 2 != 0) {
            throw HEADER.corrupt(path, "is not a list of channel and version pairs: " + pairs);
        }
        Map<String, String> versions = new LinkedHashMap<>();
        for (int i = 0; i < pairs.size(); i += 2) {
            int channel = (int) number(pairs, i, -1, 0, names.channels().size() - 1, path);
            versions.put(names.channels().get(channel), Version.read(pairs.get(i + 1), 0, List.of(""), path));
        }
        return versions;
    }

    private static long number(JsonNode array, int index, long absent, long min, long max, String path) {
        JsonNode n = array.get(index);
        if (n == null) {
            if (absent < 0) {
                throw HEADER.corrupt(path, "is missing element " + index);
            }
            return absent;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < min || n.asLong() > max) {
            throw HEADER.corrupt(
                    path, "element " + index + " is not a whole number from " + min + " to " + max + ": " + n);
        }
        return n.asLong();
    }

    private static JsonNode array(JsonNode n, String path) {
        if (n == null || !n.isArray()) {
            throw HEADER.corrupt(path, "is not an array: " + n);
        }
        return n;
    }

    private static String text(JsonNode n, String path) {
        if (n == null || !n.isString()) {
            throw HEADER.corrupt(path, "is not a string: " + n);
        }
        return n.asString();
    }

    /**
     * A version string split into counter and suffix when it has the form {@link
     * ChannelVersion#format} writes (so it is rebuilt exactly), else kept whole ({@code suffix}
     * null).
     */
    private record Version(long counter, String suffix, String raw) {
        static Version of(String version) {
            int dot = version.indexOf('.');
            if (dot == 16) {
                String digits = version.substring(0, 16);
                if (digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    long counter = Long.parseLong(digits);
                    String suffix = version.substring(17);
                    if (ChannelVersion.format(counter, suffix).equals(version)) {
                        return new Version(counter, suffix, version);
                    }
                }
            }
            return new Version(-1, null, version);
        }

        int suffixIndex(List<String> suffixes) {
            return suffix == null ? 0 : suffixes.indexOf(suffix);
        }

        JsonNode counterOrRaw() {
            return suffix == null
                    ? JsonNodeFactory.instance.stringNode(raw)
                    : JsonNodeFactory.instance.numberNode(counter);
        }

        /** Adds the bare form: the counter when the suffix is the first one, else the whole string. */
        void addTo(ArrayNode array, List<String> suffixes) {
            if (suffix != null && !suffixes.isEmpty() && suffixes.get(0).equals(suffix)) {
                array.add(counter);
            } else {
                array.add(raw);
            }
        }

        /** A counter (of the given suffix) or a whole version string. */
        static String read(JsonNode n, int suffix, List<String> suffixes, String path) {
            if (n.isString()) {
                try {
                    return CheckpointKeys.check(path, n.asString());
                } catch (IllegalArgumentException e) {
                    throw HEADER.corrupt(path, "holds an invalid version (" + e.getMessage() + ")");
                }
            }
            if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0 || suffixes.isEmpty()) {
                throw HEADER.corrupt(path, "holds an invalid version: " + n);
            }
            return ChannelVersion.format(n.asLong(), suffixes.get(suffix));
        }
    }
}
