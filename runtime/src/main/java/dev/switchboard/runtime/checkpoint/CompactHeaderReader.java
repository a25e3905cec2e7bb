package dev.switchboard.runtime.checkpoint;

import dev.switchboard.runtime.serde.SerdeException;
import java.lang.ref.WeakReference;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads a well-formed {@link CompactHeader} straight off its characters, without a JSON parser or
 * tree: reading a long history spent most of its time building trees, then a fifth of it creating
 * and driving a streaming parser per header. A compact header is arrays of integers and plain
 * strings, so a scanner of just those suffices. It accepts only headers {@link
 * CompactHeader#decode} accepts, with the same result; on anything else (an escape in a string, a
 * negative or fractional number, an object, a literal other than {@code null}) it gives up ({@code
 * null}), and the caller decodes the tree, which names what is wrong.
 */
final class CompactHeaderReader {
    private static final List<String> PLAIN = List.of("");

    /** Thrown to give up; never escapes {@link #read}. Without a stack: giving up is not an error. */
    private static final RuntimeException GIVE_UP =
            new RuntimeException("not a plain compact header", null, false, false) {
                private static final long serialVersionUID = 1L;
            };

    private static final int END = -1;
    private static final int NUMBER = -2;
    private static final int STRING = -3;
    private static final int NULL = -4;

    /**
     * The start of the header read last ({@code [2,"names",["suffix"],}), with the dictionary and
     * suffixes it gave, for the dictionaries it was read with; immutable, so a racing reader sees
     * it whole, and a race only reads a start twice. Weakly held: the lookup belongs to a read.
     */
    private static volatile Prefix lastPrefix;

    private record Prefix(
            WeakReference<Function<String, String>> dictionaries,
            String text,
            NameDictionary names,
            List<String> suffixes) {}

    private final String s;
    private final Function<String, String> dictionaries;
    private int at;
    private long number;
    private String text;

    private CompactHeaderReader(String s, Function<String, String> dictionaries) {
        this.s = s;
        this.dictionaries = dictionaries;
    }

    /** The header, or {@code null} if it is not a well-formed format 2 header. */
    static Checkpoint read(String json, String id, Instant timestamp, Function<String, String> dictionaries) {
        try {
            return new CompactHeaderReader(json, dictionaries).header(id, timestamp);
        } catch (SerdeException e) {
            return null; // the names are missing or damaged: the tree decoder says so
        } catch (RuntimeException e) {
            if (e == GIVE_UP) {
                return null;
            }
            throw e;
        }
    }

    private Checkpoint header(String id, Instant timestamp) {
        NameDictionary names;
        List<String> suffixes;
        Prefix last = lastPrefix;
        if (last != null && last.dictionaries.get() == dictionaries && s.startsWith(last.text)) {
            // The checkpoints of a history mostly share names and suffixes: the same characters.
            at = last.text.length();
            names = last.names;
            suffixes = last.suffixes;
        } else {
            expect('[');
            if (next() != NUMBER || number != CompactHeader.VERSION) {
                throw GIVE_UP;
            }
            expect(',');
            if (next() != STRING) {
                throw GIVE_UP;
            }
            String namesId = text;
            names = NameDictionary.read(namesId, dictionaries.apply(namesId));
            expect(',');
            suffixes = suffixes();
            expect(',');
            lastPrefix = new Prefix(new WeakReference<>(dictionaries), s.substring(0, at), names, suffixes);
        }
        Map<String, ChannelVersion> channels = channels(names, suffixes);
        expect(',');
        Map<String, Map<String, String>> seen = seen(names);
        int t = next();
        long schema = 1;
        if (t == ',') {
            if (next() != NUMBER || number < 1 || number > Integer.MAX_VALUE) {
                throw GIVE_UP;
            }
            schema = number;
            t = next();
        }
        if (t != ']' || next() != END) {
            throw GIVE_UP;
        }
        return new Checkpoint(CompactHeader.VERSION, id, timestamp, channels, seen, (int) schema);
    }

    private List<String> suffixes() {
        expect('[');
        List<String> suffixes = new ArrayList<>(1);
        for (int t = next(); t != ']'; t = next()) {
            if (!suffixes.isEmpty()) {
                if (t != ',') {
                    throw GIVE_UP;
                }
                t = next();
            }
            if (t != STRING) {
                throw GIVE_UP;
            }
            suffixes.add(text);
        }
        return List.copyOf(suffixes);
    }

    /** The channels, as an immutable map: the checkpoint then keeps it as it is instead of copying it. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Map<String, ChannelVersion> channels(NameDictionary names, List<String> suffixes) {
        expect('[');
        List<String> all = names.channels();
        Map.Entry<String, ChannelVersion>[] entries = new Map.Entry[all.size()];
        int n = 0;
        int i = 0;
        for (int t = next(); t != ']'; t = next(), i++) {
            if (i > 0) {
                if (t != ',') {
                    throw GIVE_UP;
                }
                t = next();
            }
            if (i >= all.size()) {
                throw GIVE_UP;
            }
            if (t == NULL) {
                continue;
            }
            ChannelVersion v = t == '[' ? entry(suffixes) : bare(t, suffixes);
            entries[n++] = Map.entry(all.get(i), v);
        }
        if (i != all.size()) {
            throw GIVE_UP;
        }
        return Map.ofEntries(n == entries.length ? entries : Arrays.copyOf(entries, n));
    }

    private ChannelVersion bare(int t, List<String> suffixes) {
        String version = version(t, 0, suffixes);
        return new ChannelVersion(version, version, 0, 0);
    }

    /** {@code [counter, suffix, baseBytes, chainBytes, baseCounter, baseSuffix]}, trailing defaults left out. */
    private ChannelVersion entry(List<String> suffixes) {
        int last = Math.max(0, suffixes.size() - 1);
        int t = next();
        if (t != NUMBER && t != STRING) {
            throw GIVE_UP;
        }
        // The version's suffix follows it: keep the counter or raw string until it is known.
        long counter = number;
        String raw = t == STRING ? text : null;
        long[] numbers = {0, 0, 0};
        int n = 0;
        boolean baseFollows = false;
        for (t = next(); t == ','; ) {
            t = next();
            if (n == 3 || t != NUMBER) {
                baseFollows = true; // t is the base version, after three numbers
                break;
            }
            numbers[n++] = number;
            t = next();
        }
        int s = (int) Math.min(numbers[0], Integer.MAX_VALUE);
        if (numbers[0] > last) {
            throw GIVE_UP;
        }
        String version = version(raw == null ? NUMBER : STRING, counter, raw, s, suffixes);
        String base = version;
        if (!baseFollows) {
            if (t != ']') {
                throw GIVE_UP;
            }
        } else {
            if (n < 3 || (t != NUMBER && t != STRING)) {
                throw GIVE_UP;
            }
            long baseCounter = number;
            String baseRaw = t == STRING ? text : null;
            long baseSuffix = s;
            if ((t = next()) == ',') {
                if (next() != NUMBER) {
                    throw GIVE_UP;
                }
                baseSuffix = number;
                t = next();
            }
            if (t != ']' || baseSuffix > last) {
                throw GIVE_UP;
            }
            base = version(baseRaw == null ? NUMBER : STRING, baseCounter, baseRaw, (int) baseSuffix, suffixes);
        }
        return new ChannelVersion(version, base, numbers[1], numbers[2]);
    }

    /**
     * The versions each node has seen, as an immutable map (the checkpoint keeps it as it is), each
     * node's a one-entry map when it saw one channel, as most do: a history read spent a seventh of
     * its allocation on the linked maps of single versions.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Map<String, Map<String, String>> seen(NameDictionary names) {
        expect('[');
        Map.Entry<String, Map<String, String>>[] seen =
                new Map.Entry[names.nodes().size()];
        int node = 0;
        for (int t = next(); t != ']'; t = next(), node++) {
            if (node > 0) {
                if (t != ',') {
                    throw GIVE_UP;
                }
                t = next();
            }
            if (t != '[' || node >= names.nodes().size()) {
                throw GIVE_UP;
            }
            String firstChannel = null;
            String firstVersion = null;
            Map<String, String> versions = null; // from a second channel on
            for (t = next(); t != ']'; t = next()) {
                if (firstChannel != null) {
                    if (t != ',') {
                        throw GIVE_UP;
                    }
                    t = next();
                }
                if (t != NUMBER || number >= names.channels().size()) {
                    throw GIVE_UP;
                }
                String channel = names.channels().get((int) number);
                expect(',');
                String version = version(next(), 0, PLAIN);
                if (firstChannel == null) {
                    firstChannel = channel;
                    firstVersion = version;
                    continue;
                }
                if (versions == null) {
                    versions = new LinkedHashMap<>(8);
                    versions.put(firstChannel, firstVersion);
                }
                if (versions.put(channel, version) != null) {
                    throw GIVE_UP; // a repeated channel: left to the tree, which keeps the last
                }
            }
            Map<String, String> nodeSeen =
                    versions != null ? versions : firstChannel == null ? Map.of() : Map.of(firstChannel, firstVersion);
            seen[node] = Map.entry(names.nodes().get(node), nodeSeen);
        }
        if (node != names.nodes().size()) {
            throw GIVE_UP;
        }
        try {
            return Map.ofEntries(seen);
        } catch (IllegalArgumentException e) {
            throw GIVE_UP; // a node named twice by a damaged dictionary: the tree decoder says so
        }
    }

    /** The token {@code t} as a version: a counter of the given suffix, or a whole version string. */
    private String version(int t, int suffix, List<String> suffixes) {
        return version(t, number, text, suffix, suffixes);
    }

    private static String version(int t, long counter, String raw, int suffix, List<String> suffixes) {
        if (t == STRING) {
            try {
                return CheckpointKeys.check("version", raw);
            } catch (IllegalArgumentException e) {
                throw GIVE_UP;
            }
        }
        if (t != NUMBER || suffixes.isEmpty()) {
            throw GIVE_UP;
        }
        return ChannelVersion.format(counter, suffixes.get(suffix));
    }

    private void expect(char c) {
        if (next() != c) {
            throw GIVE_UP;
        }
    }

    /**
     * The next token: {@code [ ] ,} as themselves, or {@link #NUMBER} (a non-negative integer of at
     * most 18 digits, in {@link #number}), {@link #STRING} (without escapes or control characters,
     * in {@link #text}), {@link #NULL}, or {@link #END}; gives up on anything else.
     */
    private int next() {
        int n = s.length();
        char c;
        do {
            if (at == n) {
                return END;
            }
            c = s.charAt(at++);
        } while (c == ' ' || c == '\n' || c == '\r' || c == '\t');
        if (c == '[' || c == ']' || c == ',') {
            return c;
        }
        if (c >= '0' && c <= '9') {
            return number(c);
        }
        if (c == '"') {
            return string();
        }
        if (c == 'n' && s.startsWith("ull", at)) {
            at += 3;
            return NULL;
        }
        throw GIVE_UP;
    }

    private int number(char first) {
        int start = at - 1;
        long value = first - '0';
        int n = s.length();
        while (at < n && s.charAt(at) >= '0' && s.charAt(at) <= '9') {
            value = value * 10 + (s.charAt(at++) - '0');
        }
        // Leading zeros, more digits than a long surely holds, or a fraction or exponent: the tree's.
        if ((first == '0' && at - start > 1) || at - start > 18) {
            throw GIVE_UP;
        }
        if (at < n && (s.charAt(at) == '.' || s.charAt(at) == 'e' || s.charAt(at) == 'E')) {
            throw GIVE_UP;
        }
        number = value;
        return NUMBER;
    }

    private int string() {
        int start = at;
        int n = s.length();
        while (at < n) {
            char c = s.charAt(at++);
            if (c == '"') {
                text = s.substring(start, at - 1);
                return STRING;
            }
            if (c == '\\' || c < 0x20) {
                throw GIVE_UP;
            }
        }
        throw GIVE_UP;
    }
}
