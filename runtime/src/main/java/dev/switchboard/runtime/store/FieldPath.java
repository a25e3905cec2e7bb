package dev.switchboard.runtime.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A field path of an {@link IndexConfig}: {@code $}, or keys separated by periods, each optionally
 * followed by {@code [*]} or {@code [n]}. Extracts the texts to embed from a value.
 */
final class FieldPath {
    /** One step: a key (null for the root), then an optional index ({@code -1} for every element). */
    private record Step(String key, Integer index) {}

    private final List<Step> steps;

    private FieldPath(List<Step> steps) {
        this.steps = steps;
    }

    static FieldPath parse(String path) {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("field path must not be null or empty; use \"$\" for the whole value");
        }
        if (path.equals("$")) {
            return new FieldPath(List.of());
        }
        List<Step> steps = new ArrayList<>();
        for (String part : path.split("\\.", -1)) {
            steps.add(step(path, part));
        }
        return new FieldPath(steps);
    }

    private static Step step(String path, String part) {
        int bracket = part.indexOf('[');
        if (bracket < 0) {
            return new Step(checkKey(path, part), null);
        }
        String key = checkKey(path, part.substring(0, bracket));
        String inside = part.substring(bracket + 1, part.length() - 1);
        if (!part.endsWith("]") || !(inside.equals("*") || inside.matches("\\d{1,9}"))) {
            throw new IllegalArgumentException(
                    "invalid field path '" + path + "': after a key use [*] or [n], as in tags[*]");
        }
        return new Step(key, inside.equals("*") ? -1 : Integer.valueOf(inside));
    }

    private static String checkKey(String path, String key) {
        if (key.isEmpty()) {
            throw new IllegalArgumentException("invalid field path '" + path + "': empty key");
        }
        return key;
    }

    /** The texts this path selects in a value, in order; none if it selects nothing. */
    List<String> texts(Map<String, Object> value) {
        List<Object> current = List.of(value);
        for (Step s : steps) {
            List<Object> next = new ArrayList<>();
            for (Object o : current) {
                select(o, s, next);
            }
            current = next;
        }
        List<String> out = new ArrayList<>(current.size());
        for (Object o : current) {
            if (o != null) {
                out.add(o instanceof String str ? str : JsFormat.indented(o));
            }
        }
        return out;
    }

    private static void select(Object o, Step s, List<Object> next) {
        if (!(o instanceof Map<?, ?> m) || !m.containsKey(s.key)) {
            return;
        }
        Object v = m.get(s.key);
        if (s.index == null) {
            next.add(v);
        } else if (v instanceof List<?> list) {
            if (s.index < 0) {
                next.addAll(list);
            } else if (s.index < list.size()) {
                next.add(list.get(s.index));
            }
        }
    }
}
