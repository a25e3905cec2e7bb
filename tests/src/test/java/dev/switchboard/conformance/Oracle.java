package dev.switchboard.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.Overwrite;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.StreamPart;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The recorded LangGraph.js behaviour of one conformance scenario ({@code expected/NN-name.json},
 * copied from {@code shared/conformance}), and conversions of our results into the same JSON shape
 * so that facts can be compared structurally.
 */
public final class Oracle {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final JsonNode root;

    private Oracle(JsonNode root) {
        this.root = root;
    }

    public static Oracle load(String scenario) {
        try (InputStream in = Oracle.class.getResourceAsStream("/conformance/" + scenario + ".json")) {
            if (in == null) {
                throw new IllegalStateException("no expected file for " + scenario);
            }
            return new Oracle(MAPPER.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The expected value at a path of object keys and array indices. */
    public JsonNode at(Object... path) {
        JsonNode n = root;
        for (Object p : path) {
            n = p instanceof Integer i ? n.get(i) : n.get((String) p);
            if (n == null) {
                throw new IllegalArgumentException("no " + List.of(path) + " in the oracle");
            }
        }
        return n;
    }

    /** Asserts that our value, as JSON, equals the oracle's value at the path. */
    public void assertFact(Object actual, Object... path) {
        assertEquals(at(path), json(actual), () -> "fact " + List.of(path));
    }

    /** Our value as JSON: records become objects; {@link Overwrite} its wire form. */
    public static JsonNode json(Object value) {
        // Through text, so that numbers get the same node types as parsed expectations.
        return MAPPER.readTree(MAPPER.writeValueAsString(wire(value)));
    }

    private static Object wire(Object v) {
        if (v instanceof Overwrite<?> o) {
            return o.toWire();
        }
        if (v instanceof Map<?, ?> m) {
            Map<Object, Object> out = new java.util.LinkedHashMap<>();
            m.forEach((k, x) -> out.put(k, wire(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            return l.stream().map(Oracle::wire).toList();
        }
        return v;
    }

    /** Parses JSON text. */
    public static Object parse(String json) {
        return MAPPER.readValue(json, Object.class);
    }

    /** A record as LangGraph shows state: components that are {@code null} are absent. */
    public static JsonNode state(Object record) {
        JsonNode n = json(record);
        if (n instanceof ObjectNode o) {
            List<String> nulls = o.properties().stream()
                    .filter(e -> e.getValue().isNull())
                    .map(Map.Entry::getKey)
                    .toList();
            nulls.forEach(o::remove);
        }
        return n;
    }

    /** One stream event in LangGraph's shape for its mode. */
    public static Object chunk(StreamPart<?> part) {
        if (part instanceof StreamPart.Values<?> v) {
            return v.channels();
        }
        if (part instanceof StreamPart.Updates<?> u) {
            return Map.of(u.node(), u.writes());
        }
        if (part instanceof StreamPart.Custom<?> c) {
            return c.payload();
        }
        if (part instanceof StreamPart.TaskStart<?> t) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", t.id());
            m.put("name", t.node());
            m.put("input", state(t.input()));
            m.put("triggers", t.triggers());
            m.put("interrupts", List.of());
            return m;
        }
        if (part instanceof StreamPart.TaskResult<?> t) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", t.id());
            m.put("name", t.node());
            m.put("result", t.writes());
            m.put("interrupts", interrupts(t.interrupts()));
            m.put("error", t.error() == null ? null : t.error().toString());
            return m;
        }
        if (part instanceof StreamPart.Checkpoint<?> c) {
            return checkpoint(c);
        }
        if (part instanceof StreamPart.Interrupted<?> i) {
            return Map.of("__interrupt__", interrupts(i.interrupts()));
        }
        StreamPart.Debug<?> d = (StreamPart.Debug<?>) part;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", d.type());
        m.put("step", d.step());
        m.put("payload", chunk(d.payload()));
        return m;
    }

    /** An invoke result as LangGraph returns it: the output, plus {@code __interrupt__} when paused. */
    public static Map<String, Object> output(GraphOutput<?> out) {
        Map<String, Object> m = new LinkedHashMap<>();
        stateMap(out.value()).forEach(m::put);
        if (out.paused()) {
            m.put("__interrupt__", interrupts(out.interrupts()));
        }
        return m;
    }

    private static Map<String, Object> stateMap(Object record) {
        Map<String, Object> m = new LinkedHashMap<>();
        state(record).properties().forEach(e -> m.put(e.getKey(), e.getValue()));
        return m;
    }

    /** A state snapshot as the JS harness's {@code snap()} records it (interrupts come later). */
    public static Map<String, Object> snapshot(StateSnapshot<?> s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("values", s.channels());
        m.put("next", s.next());
        m.put("step", s.metadata() == null ? null : s.metadata().step());
        m.put("source", s.metadata() == null ? null : s.metadata().source().wireName());
        m.put("checkpoint_id", s.checkpointId().orElse(null));
        m.put("parent_checkpoint_id", s.parentCheckpointId());
        m.put("tasks", s.tasks().stream().map(Oracle::task).toList());
        m.put("interrupts", interrupts(s.interrupts()));
        return m;
    }

    /** Interrupts as the harness records them: {@code {id, value}}. */
    public static List<Map<String, Object>> interrupts(List<Interrupt> interrupts) {
        return interrupts.stream()
                .map(i -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("id", i.id());
                    m.put("value", i.value());
                    return m;
                })
                .toList();
    }

    private static Map<String, Object> task(StateSnapshot.PregelTask t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", t.name());
        m.put("path", t.path());
        if (t.error() != null) {
            m.put("error", Map.of("name", t.error().type(), "message", t.error().message()));
        }
        if (t.writes() != null) {
            m.put("result", t.writes());
        }
        if (!t.interrupts().isEmpty()) {
            m.put("interrupts", interrupts(t.interrupts()));
        }
        return m;
    }

    /** The JS harness's {@code historyBrief}: step, source, next and values of each checkpoint. */
    public static List<Map<String, Object>> brief(List<? extends StateSnapshot<?>> history) {
        return history.stream()
                .map(s -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("step", s.metadata().step());
                    m.put("source", s.metadata().source().wireName());
                    m.put("next", s.next());
                    m.put("values", s.channels());
                    return m;
                })
                .toList();
    }

    /** Drops what Java errors cannot have: JS error classes and codes inside error objects. */
    public static JsonNode comparable(JsonNode snapshot) {
        JsonNode copy = snapshot.deepCopy();
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.remove("class");
            o.remove("lc_error_code");
            o.properties().forEach(e -> strip(e.getValue()));
        } else if (n instanceof ArrayNode a) {
            a.forEach(Oracle::strip);
        }
    }

    /** Asserts several facts at once, with ids renumbered across all of them, as the oracle's are. */
    public void assertFacts(Map<String, Object> actual) {
        ObjectNode expected = MAPPER.getNodeFactory().objectNode();
        actual.keySet().forEach(k -> expected.set(k, comparable(at(k))));
        assertEquals(normalizeIds(expected), normalizeIds(comparable(json(actual))));
    }

    /**
     * Asserts some of the facts of one group ({@code oracle.at(group)} restricted to the keys given),
     * with ids renumbered across them: for scenarios whose later facts differ by design.
     */
    public void assertSomeFacts(String group, Map<String, Object> actual) {
        ObjectNode expected = MAPPER.getNodeFactory().objectNode();
        actual.keySet().forEach(k -> expected.set(k, comparable(at(group, k))));
        assertEquals(normalizeIds(expected), normalizeIds(comparable(json(actual))));
    }

    /** A checkpoint event as the JS harness records it. */
    public static Map<String, Object> checkpoint(StreamPart.Checkpoint<?> c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("checkpoint_id", c.checkpointId());
        m.put("parent_checkpoint_id", c.parentCheckpointId());
        m.put("values", c.channels());
        Map<String, Object> md = new LinkedHashMap<>();
        md.put("source", c.metadata().source().wireName());
        md.put("step", c.metadata().step());
        md.put("parents", c.metadata().parents());
        m.put("metadata", md);
        m.put("next", c.next());
        m.put(
                "tasks",
                c.tasks().stream()
                        .map(t -> {
                            Map<String, Object> task = new LinkedHashMap<>();
                            task.put("id", t.id());
                            task.put("name", t.name());
                            task.put("path", t.path());
                            task.put("interrupts", List.of());
                            return task;
                        })
                        .toList());
        return m;
    }

    /** Events streamed with subgraphs as LangGraph shows them: {@code [namespace, chunk]} pairs. */
    public static List<List<Object>> withNamespaces(Stream<? extends StreamPart<?>> parts) {
        try (parts) {
            return parts.map(p -> p instanceof StreamPart.Namespaced<?> n
                            ? List.<Object>of(n.namespace(), chunk(n.part()))
                            : List.<Object>of(List.of(), chunk(p)))
                    .toList();
        }
    }

    /** Events of several modes as LangGraph shows them: {@code [mode, chunk]} pairs. */
    public static List<List<Object>> modes(Stream<? extends StreamPart<?>> parts) {
        try (parts) {
            return parts.map(p -> List.<Object>of(p.mode().name().toLowerCase(Locale.ROOT), chunk(p)))
                    .toList();
        }
    }

    /** Events of one mode in LangGraph's shape. */
    public static List<Object> chunks(Stream<? extends StreamPart<?>> parts) {
        try (parts) {
            return parts.map(Oracle::chunk).toList();
        }
    }

    /** Renumbers ids (UUIDs or the harness's {@code <id:N>}) as {@code <id:N>} in order of first appearance. */
    public static JsonNode normalizeIds(JsonNode node) {
        Map<String, String> ids = new HashMap<>();
        return normalize(node.deepCopy(), ids);
    }

    private static JsonNode normalize(JsonNode n, Map<String, String> ids) {
        if (n.isString() && HEX.matcher(n.asString()).matches()) {
            return text(ids.computeIfAbsent(n.asString(), k -> "<hex:" + (ids.size() + 1) + ">"));
        }
        if (n.isString()) {
            // Ids also appear inside strings, such as subgraph namespaces "child:<id>".
            return text(UUID.matcher(n.asString())
                    .replaceAll(m -> ids.computeIfAbsent(m.group(), k -> "<id:" + (ids.size() + 1) + ">")));
        }
        if (n instanceof ObjectNode o) {
            for (String k : new ArrayList<>(o.propertyNames())) {
                o.set(k, normalize(o.get(k), ids));
            }
        } else if (n instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                a.set(i, normalize(a.get(i), ids));
            }
        }
        return n;
    }

    private static JsonNode text(String s) {
        return MAPPER.getNodeFactory().stringNode(s);
    }

    private static final Pattern HEX = Pattern.compile("[0-9a-f]{32}|<hex:\\d+>");

    private static final Pattern UUID =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|<id:\\d+>");

    /** {@code values} events as LangGraph shows them: the channels that have values. */
    public static List<Map<String, Object>> values(Stream<? extends StreamPart<?>> parts) {
        return chunksOf(StreamPart.Values.class, parts);
    }

    /** {@code updates} events as LangGraph shows them: {@code {node: {channel: value}}}. */
    public static List<Map<String, Object>> updates(Stream<? extends StreamPart<?>> parts) {
        return chunksOf(StreamPart.Updates.class, parts);
    }

    /** Events of one kind, each shaped by {@link #chunk}; another kind of event fails the cast. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> chunksOf(Class<?> kind, Stream<? extends StreamPart<?>> parts) {
        try (parts) {
            return parts.map(p -> (Map<String, Object>) chunk((StreamPart<?>) kind.cast(p)))
                    .toList();
        }
    }

    /**
     * What a stream delivered before it failed, as the JS harness's {@code collectUntilError}
     * records it.
     *
     * @param events the events delivered before the failure
     * @param error what the stream threw
     * @param <E> the type of the failure
     */
    public record UntilError<E extends Throwable>(List<StreamPart<?>> events, E error) {}

    /** Reads a stream that must fail with {@code expected}, keeping the events delivered before. */
    public static <E extends Throwable> UntilError<E> untilError(
            Class<E> expected, Supplier<? extends Stream<? extends StreamPart<?>>> stream) {
        List<StreamPart<?>> events = new ArrayList<>();
        E error = assertThrows(expected, () -> {
            try (Stream<? extends StreamPart<?>> parts = stream.get()) {
                parts.forEach(events::add);
            }
        });
        return new UntilError<>(List.copyOf(events), error);
    }

    /**
     * The value of a stored pending write, as plain JSON values. The special channels ({@code
     * __error__}, {@code __interrupt__}, ...) hold JSON; so does a write to a state channel, an
     * {@link Overwrite} in its wire form (stores written before held one tag byte, {@code V} for a
     * value or {@code O} for an overwrite, followed by the JSON). This is the runtime's storage format, not an API: keep it in one place.
     */
    public static Object pendingValue(PendingWrite w) {
        byte[] data = w.value();
        if (w.channel().startsWith("__") || (data[0] != 'V' && data[0] != 'O')) {
            return parse(new String(data, StandardCharsets.UTF_8)); // an overwrite is in its wire form
        }
        Object value = parse(new String(data, 1, data.length - 1, StandardCharsets.UTF_8));
        return switch (data[0]) {
            case 'V' -> value;
            case 'O' -> new Overwrite<>(value).toWire();
            default ->
                throw new IllegalArgumentException(
                        "pending write to '" + w.channel() + "' has an unknown tag " + data[0]);
        };
    }
}
