package dev.switchboard.runtime.checkpoint;

import dev.switchboard.runtime.serde.SerdeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a well-formed {@link CompactHeader} straight off the token stream, without building a JSON
 * tree: reading a long history spent most of its time building and walking trees. It accepts only
 * headers {@link CompactHeader#decode} accepts, with the same result; on anything else it gives up
 * ({@code null}), and the caller decodes the tree, which names what is wrong.
 */
final class CompactHeaderReader {
    private static final List<String> PLAIN = List.of("");

    private final JsonParser p;
    private final Function<String, String> dictionaries;

    private CompactHeaderReader(JsonParser p, Function<String, String> dictionaries) {
        this.p = p;
        this.dictionaries = dictionaries;
    }

    /** The header, or {@code null} if it is not a well-formed format 2 header. */
    static Checkpoint read(
            JsonMapper mapper, String json, String id, Instant timestamp, Function<String, String> dictionaries) {
        try (JsonParser p = mapper.createParser(json)) {
            return new CompactHeaderReader(p, dictionaries).header(id, timestamp);
        } catch (JacksonException | SerdeException e) {
            return null;
        }
    }

    private Checkpoint header(String id, Instant timestamp) {
        if (p.nextToken() != JsonToken.START_ARRAY) {
            return null;
        }
        p.nextToken();
        if (integer() != CompactHeader.VERSION) {
            return null;
        }
        if (p.nextToken() != JsonToken.VALUE_STRING) {
            return null;
        }
        String namesId = p.getString();
        NameDictionary names = NameDictionary.read(namesId, dictionaries.apply(namesId));
        List<String> suffixes = suffixes();
        Map<String, ChannelVersion> channels = suffixes == null ? null : channels(names, suffixes);
        Map<String, Map<String, String>> seen = channels == null ? null : seen(names);
        if (seen == null) {
            return null;
        }
        JsonToken t = p.nextToken();
        long schema = 1;
        if (t == JsonToken.VALUE_NUMBER_INT) {
            schema = integer();
            t = p.nextToken();
        }
        if (t != JsonToken.END_ARRAY || p.nextToken() != null || schema < 1 || schema > Integer.MAX_VALUE) {
            return null;
        }
        return new Checkpoint(CompactHeader.VERSION, id, timestamp, channels, seen, (int) schema);
    }

    private List<String> suffixes() {
        if (p.nextToken() != JsonToken.START_ARRAY) {
            return null;
        }
        List<String> suffixes = new ArrayList<>(1);
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.VALUE_STRING) {
                return null;
            }
            suffixes.add(p.getString());
        }
        return suffixes;
    }

    private Map<String, ChannelVersion> channels(NameDictionary names, List<String> suffixes) {
        if (p.nextToken() != JsonToken.START_ARRAY) {
            return null;
        }
        Map<String, ChannelVersion> channels = new LinkedHashMap<>();
        int i = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken(), i++) {
            if (i >= names.channels().size()) {
                return null;
            }
            if (t == JsonToken.VALUE_NULL) {
                continue;
            }
            ChannelVersion v = t == JsonToken.START_ARRAY ? entry(suffixes) : bare(suffixes);
            if (v == null) {
                return null;
            }
            channels.put(names.channels().get(i), v);
        }
        return i == names.channels().size() ? channels : null;
    }

    private ChannelVersion bare(List<String> suffixes) {
        String version = version(0, suffixes);
        return version == null ? null : new ChannelVersion(version, version, 0, 0);
    }

    /** {@code [counter, suffix, baseBytes, chainBytes, baseCounter, baseSuffix]}, trailing defaults left out. */
    private ChannelVersion entry(List<String> suffixes) {
        long last = Math.max(0, suffixes.size() - 1);
        JsonToken t = p.nextToken();
        if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_STRING) {
            return null;
        }
        // The version's suffix follows it: keep the counter or raw string until it is known.
        long counter = t == JsonToken.VALUE_NUMBER_INT ? integer() : 0;
        String raw = t == JsonToken.VALUE_STRING ? p.getString() : null;
        long[] numbers = {0, 0, 0};
        int n = 0;
        for (t = p.nextToken(); n < 3 && t == JsonToken.VALUE_NUMBER_INT; t = p.nextToken()) {
            numbers[n++] = integer();
        }
        int s = (int) numbers[0];
        if (counter < 0 || numbers[0] < 0 || numbers[0] > last || numbers[1] < 0 || numbers[2] < 0) {
            return null;
        }
        String version = version(counter, raw, s, suffixes);
        String base = version;
        if (t != JsonToken.END_ARRAY) {
            if (n < 3 || (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_STRING)) {
                return null;
            }
            long baseCounter = t == JsonToken.VALUE_NUMBER_INT ? integer() : 0;
            String baseRaw = t == JsonToken.VALUE_STRING ? p.getString() : null;
            long baseSuffix = s;
            if ((t = p.nextToken()) == JsonToken.VALUE_NUMBER_INT) {
                baseSuffix = integer();
                t = p.nextToken();
            }
            if (t != JsonToken.END_ARRAY || baseCounter < 0 || baseSuffix < 0 || baseSuffix > last) {
                return null;
            }
            base = version(baseCounter, baseRaw, (int) baseSuffix, suffixes);
        }
        return version == null || base == null ? null : new ChannelVersion(version, base, numbers[1], numbers[2]);
    }

    private Map<String, Map<String, String>> seen(NameDictionary names) {
        if (p.nextToken() != JsonToken.START_ARRAY) {
            return null;
        }
        Map<String, Map<String, String>> seen = new LinkedHashMap<>();
        int node = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken(), node++) {
            if (t != JsonToken.START_ARRAY || node >= names.nodes().size()) {
                return null;
            }
            Map<String, String> versions = new LinkedHashMap<>();
            for (t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                long channel = t == JsonToken.VALUE_NUMBER_INT ? integer() : -1;
                if (channel < 0 || channel >= names.channels().size()) {
                    return null;
                }
                p.nextToken();
                String version = version(0, PLAIN);
                if (version == null) {
                    return null;
                }
                versions.put(names.channels().get((int) channel), version);
            }
            seen.put(names.nodes().get(node), versions);
        }
        return node == names.nodes().size() ? seen : null;
    }

    /** The current token as a version: a counter of the given suffix, or a whole version string. */
    private String version(int suffix, List<String> suffixes) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT) {
            return version(integer(), null, suffix, suffixes);
        }
        return t == JsonToken.VALUE_STRING ? version(0, p.getString(), suffix, suffixes) : null;
    }

    private static String version(long counter, String raw, int suffix, List<String> suffixes) {
        if (raw != null) {
            try {
                return CheckpointKeys.check("version", raw);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return counter < 0 || suffixes.isEmpty() ? null : ChannelVersion.format(counter, suffixes.get(suffix));
    }

    /** The current integer token, or -1 if it is not one that fits a long (every valid one is non-negative). */
    private long integer() {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            return -1;
        }
        JsonParser.NumberType type = p.getNumberType();
        return type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG ? p.getLongValue() : -1;
    }
}
