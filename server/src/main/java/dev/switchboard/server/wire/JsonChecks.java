package dev.switchboard.server.wire;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What a request's JSON may hold beyond being JSON, checked once over the parsed body, in time
 * linear in its size: objects of at most {@code maxKeys} keys and no deeper than {@code maxDepth}
 * (a wide or deep body costs every later step that walks it), and strings (keys too) that every
 * store and client can take back: no NUL (PostgreSQL's {@code jsonb} and {@code text} refuse it) and
 * no unpaired surrogate (a lone {@code \ud800}, which no UTF-8 encoder writes and JSON parsers of
 * clients refuse). A violation is a 422 with zod's issue shape, naming where in the body it is.
 *
 * @param maxDepth the deepest nesting of arrays and objects allowed
 * @param maxKeys the most keys one object may have (an array's items are bounded by the body's size)
 */
public record JsonChecks(int maxDepth, int maxKeys) {
    /** The defaults: 64 levels, 10,000 keys. */
    public static final JsonChecks DEFAULT = new JsonChecks(64, 10_000);

    /** A value to check and where it is. */
    private record At(JsonNode node, List<Object> path) {}

    /**
     * Checks a body.
     *
     * @param body the parsed body
     * @throws ApiException 422 at the first violation
     */
    public void check(JsonNode body) {
        Deque<At> todo = new ArrayDeque<>();
        todo.push(new At(body, List.of()));
        while (!todo.isEmpty()) {
            At at = todo.pop();
            JsonNode n = at.node;
            if (n.isString()) {
                text(n.asString(), at.path);
            } else if (n.isContainer()) {
                if (at.path.size() >= maxDepth) {
                    throw violation(at.path, "nested deeper than " + maxDepth + " levels");
                }
                if (n.isObject() && n.size() > maxKeys) {
                    throw violation(at.path, "holds " + n.size() + " keys, more than " + maxKeys);
                }
                push(n, at.path, todo);
            }
        }
    }

    private void push(JsonNode n, List<Object> path, Deque<At> todo) {
        if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                todo.push(new At(n.get(i), append(path, i)));
            }
            return;
        }
        for (Map.Entry<String, JsonNode> e : n.properties()) {
            List<Object> p = append(path, e.getKey());
            text(e.getKey(), p);
            todo.push(new At(e.getValue(), p));
        }
    }

    private static List<Object> append(List<Object> path, Object step) {
        List<Object> p = new ArrayList<>(path.size() + 1);
        p.addAll(path);
        p.add(step);
        return p;
    }

    private static void text(String s, List<Object> path) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 0) {
                throw violation(path, "holds a NUL character (U+0000), which cannot be stored");
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                    continue;
                }
                throw violation(path, "holds an unpaired surrogate (U+" + hex(c) + "), which is not text");
            }
            if (Character.isLowSurrogate(c)) {
                throw violation(path, "holds an unpaired surrogate (U+" + hex(c) + "), which is not text");
            }
        }
    }

    private static String hex(char c) {
        return String.format("%04X", (int) c);
    }

    private static ApiException violation(List<Object> path, String what) {
        String where = path.isEmpty() ? "the body" : "the value at " + path;
        return ApiException.issue(422, path, "custom", where + " " + what);
    }
}
