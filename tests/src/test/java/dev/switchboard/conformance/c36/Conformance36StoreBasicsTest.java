package dev.switchboard.conformance.c36;

import static dev.switchboard.conformance.StoreViews.hits;
import static dev.switchboard.conformance.StoreViews.item;
import static dev.switchboard.conformance.StoreViews.kind;
import static dev.switchboard.conformance.StoreViews.namespaces;
import static dev.switchboard.conformance.StoreViews.tryRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Scenario 36: store semantics without embeddings, on {@link InMemoryStore}. Where LangGraph.js
 * shows an artefact of JavaScript (aliasing, coercion, locale collation, namespaces that outlive
 * their items) we keep the documented rule instead; each such fact is asserted separately below
 * with the JS value in a comment.
 */
class Conformance36StoreBasicsTest {
    private final Oracle oracle = Oracle.load("36-store-basics");

    private static Namespace ns(String... labels) {
        return Namespace.of(labels);
    }

    @Test
    void basics() {
        Clock clock = Clock.offset(Clock.systemUTC(), Duration.ZERO);
        Store store = new InMemoryStore(StoreSettings.DEFAULTS.withClock(clock));
        store.put(ns("users", "u1"), "prefs", map("theme", "dark", "size", 3));
        Item first = store.get(ns("users", "u1"), "prefs").orElseThrow();
        oracle.assertFact(item(first), "basics", "get");
        oracle.assertFact(item(store.get(ns("users", "u1"), "nope")), "basics", "get_missing_key");
        oracle.assertFact(item(store.get(ns("users", "u9"), "prefs")), "basics", "get_missing_namespace");
        oracle.assertFact(first.createdAt().equals(first.updatedAt()), "basics", "created_equals_updated_on_first_put");
        sleep();
        store.put(ns("users", "u1"), "prefs", Map.of("theme", "light"));
        Item second = store.get(ns("users", "u1"), "prefs").orElseThrow();
        oracle.assertFact(item(second), "basics", "after_reput");
        assertEquals(Map.of("theme", "light"), second.value());
        assertEquals(first.createdAt(), second.createdAt());
        assertTrue(second.updatedAt().isAfter(first.updatedAt()));
        // JS: true (get hands out the stored object). Items here are copies.
        assertEquals("dark", first.value().get("theme"));
        Map<String, Object> v = new LinkedHashMap<>(Map.of("n", 1));
        store.put(ns("alias"), "k", v);
        v.put("n", 2);
        // JS: {n: 2} (the caller's object is stored). Here the value is copied when put.
        assertEquals(Map.of("n", 1), store.get(ns("alias"), "k").orElseThrow().value());
        oracle.assertFact(
                tryRun(() -> run(() -> store.delete(ns("users", "u1"), "prefs"))), "basics", "delete_existing");
        oracle.assertFact(item(store.get(ns("users", "u1"), "prefs")), "basics", "get_after_delete");
        oracle.assertFact(
                tryRun(() -> run(() -> store.delete(ns("users", "u1"), "never-there"))),
                "basics",
                "delete_missing_key");
        store.put(ns("users", "u2"), "k", Map.of("a", 1));
        oracle.assertFact(tryRun(() -> run(() -> store.put(ns("users", "u2"), "k", null))), "basics", "put_null_value");
        oracle.assertFact(item(store.get(ns("users", "u2"), "k")), "basics", "get_after_put_null");
        Map<String, Object> odd = new LinkedHashMap<>();
        for (String key : List.of("with:colon", "with.dot", "", "with/slash")) {
            odd.put("\"" + key + "\"", tryRun(() -> {
                store.put(ns("keys"), key, Map.of("key", key));
                return store.get(ns("keys"), key).orElseThrow().value();
            }));
        }
        oracle.assertFact(odd, "basics", "odd_keys");
        oracle.assertFact(tryRun(() -> hits(store.search(ns("keys")), true)), "basics", "keys_namespace_search");
        // JS stores strings, numbers and arrays too; LangGraph (Python) and this store require objects.
        assertThrows(IllegalArgumentException.class, () -> store.put(ns("vals"), "string", "just text"));
        assertThrows(IllegalArgumentException.class, () -> store.put(ns("vals"), "array", List.of(1, 2)));
        store.put(ns("vals"), "empty_object", Map.of());
        oracle.assertFact(
                store.get(ns("vals"), "empty_object").orElseThrow().value(),
                "basics",
                "non_object_values",
                "empty_object",
                "result");
    }

    private static Object run(Runnable r) {
        r.run();
        return null;
    }

    private static void sleep() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void namespaceValidation() {
        Store store = new InMemoryStore();
        Map<String, List<String>> cases = new LinkedHashMap<>();
        cases.put("[]", List.of());
        cases.put("[\"\"]", List.of(""));
        cases.put("[\"a.b\"]", List.of("a.b"));
        cases.put("[\"a:b\"]", List.of("a:b"));
        cases.put("[\"langgraph\"]", List.of("langgraph"));
        cases.put("[\"langgraph\",\"x\"]", List.of("langgraph", "x"));
        cases.put("[\"x\",\"langgraph\"]", List.of("x", "langgraph"));
        cases.put("[\"a\\u0000b\"]", List.of("a\0b"));
        cases.put("[\"ok\",\"fine\"]", List.of("ok", "fine"));
        Function<List<String>, Namespace> ns = Namespace::new;
        cases.forEach((label, labels) -> {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("put", kind(() -> store.put(ns.apply(labels), "k", Map.of("x", 1))));
            v.put("get", kind(() -> store.get(ns.apply(labels), "k")));
            v.put("delete", kind(() -> store.delete(ns.apply(labels), "k")));
            v.put("search", kind(() -> store.search(ns.apply(labels))));
            v.put(
                    "listNamespaces_prefix",
                    kind(() -> store.listNamespaces(StoreOp.listNamespaces().prefix(ns.apply(labels)))));
            v.put(
                    "listNamespaces_suffix",
                    kind(() -> store.listNamespaces(StoreOp.listNamespaces().suffix(ns.apply(labels)))));
            oracle.assertFact(v, "namespace_validation", label);
        });
        Map<String, Object> errors = new LinkedHashMap<>();
        errors.put("put_empty", tryRun(() -> run(() -> store.put(Namespace.ROOT, "k", Map.of()))));
        errors.put("put_dot", tryRun(() -> run(() -> store.put(ns("a.b"), "k", Map.of()))));
        errors.put("put_colon", tryRun(() -> run(() -> store.put(ns("a:b"), "k", Map.of()))));
        errors.put("put_langgraph_root", tryRun(() -> run(() -> store.put(ns("langgraph"), "k", Map.of()))));
        errors.put("get_empty", tryRun(() -> run(() -> store.get(Namespace.ROOT, "k"))));
        errors.forEach((k, e) -> assertEquals(
                Oracle.comparable(oracle.at("namespace_validation_example_errors", k)), Oracle.json(e), k));
    }

    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static Store fixture() {
        Store store = new InMemoryStore();
        store.put(ns("docs", "fr"), "b1", map("kind", "report", "n", 3, "status", "active"));
        store.put(
                ns("docs", "en"),
                "a1",
                map("kind", "report", "n", 5, "status", "active", "meta", Map.of("lang", "en"), "tags", List.of("x")));
        store.put(ns("docs"), "intro", map("kind", "guide", "n", 1));
        store.put(ns("docs", "fr"), "b2", map("kind", "memo", "n", "8"));
        store.put(ns("docs", "en"), "a2", map("kind", "guide", "n", 10, "status", "draft"));
        store.put(ns("docs", "en"), "a3", map("kind", "report", "n", 7, "status", null));
        store.put(ns("docsx"), "c1", map("kind", "report", "n", 100));
        store.put(ns("other", "docs"), "o1", map("kind", "report", "n", 2));
        for (int i = 0; i <= 10; i++) {
            store.put(ns("bulk"), String.format("k%02d", i), Map.of("i", i));
        }
        return store;
    }

    private static List<String> f(Store store, Map<String, ?> filter) {
        return store.search(StoreOp.search(ns("docs")).filter(filter).limit(100)).stream()
                .map(Item::key)
                .toList();
    }

    @Test
    void search() {
        Store store = fixture();
        oracle.assertFact(tryRun(() -> hits(store.search(ns("docs")), true)), "search", "prefix_docs");
        oracle.assertFact(tryRun(() -> hits(store.search(ns("docs", "en")), true)), "search", "prefix_docs_en");
        oracle.assertFact(tryRun(() -> hits(store.search(ns("do")), true)), "search", "prefix_partial_label_do");
        oracle.assertFact(
                tryRun(() -> hits(store.search(Namespace.ROOT), true)), "search", "prefix_empty_default_limit");
        oracle.assertFact(
                store.search(StoreOp.search(Namespace.ROOT).limit(100)).size(),
                "search",
                "prefix_empty_limit_100_count");
        oracle.assertFact(
                tryRun(() ->
                        hits(store.search(StoreOp.search(ns("bulk")).limit(3).offset(4)), true)),
                "search",
                "bulk_limit_3_offset_4");
        oracle.assertFact(
                tryRun(() -> hits(store.search(StoreOp.search(ns("bulk")).limit(0)), true)), "search", "bulk_limit_0");
        oracle.assertFact(
                tryRun(() -> hits(store.search(StoreOp.search(ns("bulk")).offset(50)), true)),
                "search",
                "bulk_offset_past_end");
        Map<String, Map<String, ?>> same = new LinkedHashMap<>();
        same.put("eq_plain", Map.of("kind", "report"));
        same.put("eq_two_keys", map("kind", "report", "status", "active"));
        same.put("$eq", Map.of("kind", Map.of("$eq", "guide")));
        same.put("$ne", Map.of("status", Map.of("$ne", "active")));
        same.put("$lt_5", Map.of("n", Map.of("$lt", 5)));
        same.put("$lte_5", Map.of("n", Map.of("$lte", 5)));
        same.put("range_gte3_lte7", Map.of("n", map("$gte", 3, "$lte", 7)));
        same.put("$in", Map.of("kind", Map.of("$in", List.of("memo", "guide"))));
        same.put("$nin", Map.of("kind", Map.of("$nin", List.of("memo", "guide"))));
        same.put("$nin_on_missing_key", Map.of("status", Map.of("$nin", List.of("active"))));
        same.put("eq_null", map("status", null));
        same.put("eq_number_vs_string", Map.of("n", 8));
        same.put("eq_string_number", Map.of("n", "8"));
        same.put("$gt_on_string_field", Map.of("kind", Map.of("$gt", 0)));
        same.put("dotted_path", Map.of("meta.lang", "en"));
        same.put("empty_operator_object", Map.of("n", Map.of()));
        same.put("missing_key_equality", Map.of("nothere", "x"));
        same.put("empty_filter_object", Map.of());
        same.forEach((fact, filter) -> oracle.assertFact(f(store, filter), "search", "filters", fact));
        // JS coerces the string "8" to a number ($gt_5 and $gte_5 include b2), and the number 10
        // and 7 to compare with the string "6"; comparisons here are type-strict.
        assertEquals(List.of("a2", "a3"), f(store, Map.of("n", Map.of("$gt", 5))));
        assertEquals(List.of("a1", "a2", "a3"), f(store, Map.of("n", Map.of("$gte", 5))));
        assertEquals(List.of("b2"), f(store, Map.of("n", Map.of("$gt", "6"))));
        // JS matches nothing (or everything, for $nin) on filters it cannot read; here they fail.
        for (Map<String, ?> bad : List.<Map<String, ?>>of(
                Map.of("kind", Map.of("$in", "guide")),
                Map.of("kind", Map.of("$nin", "guide")),
                Map.of("meta", Map.of("lang", "en")),
                Map.of("tags", List.of("x")),
                Map.of("n", Map.of("$foo", 1)),
                Map.of("n", map("$gt", 1, "x", 2)))) {
            assertThrows(IllegalArgumentException.class, () -> f(store, bad), bad::toString);
        }
        oracle.assertFact(
                tryRun(() -> hits(store.search(StoreOp.search(ns("docs", "en")).query("report")), true)),
                "search",
                "query_without_index");
        store.put(ns("docs", "en"), "a1", map("kind", "report", "n", 6));
        oracle.assertFact(keys(store.search(ns("docs", "en"))), "search", "order_after_reput_a1");
        store.delete(ns("docs", "en"), "a1");
        store.put(ns("docs", "en"), "a1", map("kind", "report", "n", 6));
        oracle.assertFact(keys(store.search(ns("docs", "en"))), "search", "order_after_delete_and_put_a1");
    }

    private static List<String> keys(List<Item> items) {
        return items.stream().map(Item::key).toList();
    }

    private Map<String, Object> ln(Store store, StoreOp.ListNamespaces op) {
        return tryRun(() -> namespaces(store.listNamespaces(op)));
    }

    @Test
    void listNamespaces() {
        Store store = fixture();
        StoreOp.ListNamespaces all = StoreOp.listNamespaces();
        oracle.assertFact(ln(store, all), "list_namespaces", "all");
        oracle.assertFact(ln(store, all.prefix(ns("docs"))), "list_namespaces", "prefix_docs");
        oracle.assertFact(ln(store, all.prefix(ns("do"))), "list_namespaces", "prefix_do");
        oracle.assertFact(ln(store, all.suffix(ns("docs"))), "list_namespaces", "suffix_docs");
        oracle.assertFact(ln(store, all.suffix(ns("en"))), "list_namespaces", "suffix_en");
        oracle.assertFact(ln(store, all.prefix(ns("docs", "*"))), "list_namespaces", "prefix_docs_wildcard");
        oracle.assertFact(ln(store, all.prefix(ns("*", "docs"))), "list_namespaces", "prefix_wildcard_docs");
        oracle.assertFact(ln(store, all.suffix(ns("*"))), "list_namespaces", "suffix_wildcard");
        oracle.assertFact(ln(store, all.prefix(ns("docs")).suffix(ns("fr"))), "list_namespaces", "prefix_and_suffix");
        oracle.assertFact(
                ln(store, all.prefix(ns("docs", "en", "deep"))), "list_namespaces", "prefix_longer_than_namespace");
        oracle.assertFact(ln(store, all.maxDepth(1)), "list_namespaces", "maxDepth_1");
        oracle.assertFact(ln(store, all.prefix(ns("docs")).maxDepth(1)), "list_namespaces", "maxDepth_1_prefix_docs");
        oracle.assertFact(ln(store, all.maxDepth(2)), "list_namespaces", "maxDepth_2");
        // JS: [[""]] for maxDepth 0; a depth below 1 is rejected here.
        assertThrows(IllegalArgumentException.class, () -> all.maxDepth(0));
        oracle.assertFact(ln(store, all.limit(2)), "list_namespaces", "limit_2");
        oracle.assertFact(ln(store, all.limit(2).offset(2)), "list_namespaces", "limit_2_offset_2");
        store.delete(ns("docsx"), "c1");
        oracle.assertFact(
                tryRun(() -> hits(store.search(ns("docsx")), true)), "list_namespaces", "search_docsx_after_delete");
        store.delete(ns("ghost", "ns"), "never");
        // JS keeps a namespace once touched, even by a delete ("docsx" after its only item went,
        // "ghost/ns" after a delete). A namespace exists here while it holds items, as in the SQL stores.
        assertEquals(
                List.of(
                        List.of("bulk"),
                        List.of("docs"),
                        List.of("docs", "en"),
                        List.of("docs", "fr"),
                        List.of("other", "docs")),
                namespaces(store.listNamespaces()));
        Store order = new InMemoryStore();
        for (List<String> n : List.of(
                List.of("Zed"),
                List.of("apple"),
                List.of("_under"),
                List.of("Apple"),
                List.of("b", "c"),
                List.of("b"),
                List.of("bc"),
                List.of("b-c"),
                List.of("10"),
                List.of("9"))) {
            order.put(new Namespace(n), "k", Map.of("x", 1));
        }
        // JS sorts with localeCompare; here labels compare by code point, as SQL's binary collation does.
        assertEquals(
                List.of(
                        List.of("10"),
                        List.of("9"),
                        List.of("Apple"),
                        List.of("Zed"),
                        List.of("_under"),
                        List.of("apple"),
                        List.of("b"),
                        List.of("b", "c"),
                        List.of("b-c"),
                        List.of("bc")),
                namespaces(order.listNamespaces()));
    }

    @Test
    void batch() {
        Store store = new InMemoryStore();
        store.put(ns("b"), "old", Map.of("v", "old"));
        List<Object> r = store.batch(List.of(
                StoreOp.put(ns("b"), "new", Map.of("v", 1)),
                StoreOp.get(ns("b"), "new"),
                new StoreOp.Search(ns("b"), dev.switchboard.runtime.store.Filter.NONE, null, 10, 0, null),
                StoreOp.put(ns("b"), "dup", Map.of("v", "first")),
                StoreOp.put(ns("b"), "dup", Map.of("v", "second")),
                StoreOp.put(ns("b"), "old", null),
                StoreOp.get(ns("b"), "old")));
        List<Object> results =
                r.stream().map(Conformance36StoreBasicsTest::view).toList();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("results", results);
        facts.put("after", hits(store.search(ns("b")), true));
        facts.forEach((k, v) -> oracle.assertFact(v, "batch", k));
        assertFalse(store.get(ns("b"), "old").isPresent());
    }

    @SuppressWarnings("unchecked")
    private static Object view(Object result) {
        if (result instanceof Optional<?> o) {
            return item((Optional<Item>) o);
        }
        return result instanceof List<?> l ? hits((List<Item>) l, true) : null;
    }
}
