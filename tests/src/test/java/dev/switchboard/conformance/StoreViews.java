package dev.switchboard.conformance;

import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** Store results in the shapes the store scenarios (36, 38) record them. */
public final class StoreViews {
    private StoreViews() {}

    /** {@code {namespace, key, value, createdAt, updatedAt}} with timestamps normalized, or null. */
    public static Map<String, Object> item(Optional<Item> item) {
        return item.map(StoreViews::item).orElse(null);
    }

    /** {@code {namespace, key, value, createdAt, updatedAt}} with timestamps normalized. */
    public static Map<String, Object> item(Item it) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("namespace", it.namespace().labels());
        m.put("key", it.key());
        m.put("value", it.value());
        m.put("createdAt", "<ts>");
        m.put("updatedAt", "<ts>");
        return m;
    }

    /** A search hit: {@code {ns: "a/b", key, value?, score?}}, the score rounded to 4 decimals. */
    public static Map<String, Object> hit(Item it, boolean withValue) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ns", String.join("/", it.namespace().labels()));
        m.put("key", it.key());
        if (withValue) {
            m.put("value", it.value());
        }
        it.score().ifPresent(s -> m.put("score", round(s)));
        return m;
    }

    /** Hits of a search. */
    public static List<Map<String, Object>> hits(List<Item> items, boolean withValues) {
        return items.stream().map(i -> hit(i, withValues)).toList();
    }

    /** Rounded to 4 decimals; integral values as integers, as JavaScript prints them. */
    public static Object round(double score) {
        double r = Math.round(score * 1e4) / 1e4;
        return r == Math.rint(r) ? (Object) (long) r : (Object) r;
    }

    /** Namespaces as label lists. */
    public static List<List<String>> namespaces(List<Namespace> nss) {
        return nss.stream().map(Namespace::labels).toList();
    }

    /** The harness's {@code tryRun}: {@code {ok: true, result}} or {@code {ok: false, error}}. */
    public static Map<String, Object> tryRun(Supplier<?> run) {
        Map<String, Object> m = new LinkedHashMap<>();
        try {
            Object result = run.get();
            m.put("ok", true);
            if (result != null) {
                m.put("result", result);
            }
        } catch (IllegalArgumentException e) {
            m.put("ok", false);
            m.put("error", Map.of("name", "InvalidNamespaceError", "message", e.getMessage()));
        }
        return m;
    }

    /** The harness's error kind: {@code ok}, or the error's name. */
    public static String kind(Runnable run) {
        try {
            run.run();
            return "ok";
        } catch (IllegalArgumentException e) {
            return "InvalidNamespaceError";
        }
    }
}
