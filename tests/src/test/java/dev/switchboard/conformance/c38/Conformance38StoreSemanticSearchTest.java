package dev.switchboard.conformance.c38;

import static dev.switchboard.conformance.StoreViews.hits;
import static dev.switchboard.conformance.StoreViews.tryRun;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.conformance.Oracle;
import dev.switchboard.runtime.store.Embedder;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.IndexConfig;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.PutOptions;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Scenario 38: semantic search with the harness's deterministic bag-of-letters embedding, on
 * {@link InMemoryStore}. One documented difference: a re-put with indexing off drops the item's
 * old vector here (JS keeps scoring the old text).
 */
class Conformance38StoreSemanticSearchTest {
    private final Oracle oracle = Oracle.load("38-store-semantic-search");

    /** Component i counts the letter 'a' + i; logs every call as the harness does. */
    static final class Letters implements Embedder {
        final List<Object> log = new ArrayList<>();

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            log.add(Map.of("documents", List.copyOf(texts)));
            return texts.stream().map(Letters::vector).toList();
        }

        @Override
        public float[] embedQuery(String text) {
            log.add(Map.of("query", text));
            return vector(text);
        }

        static float[] vector(String text) {
            float[] v = new float[26];
            for (char c : text.toLowerCase(Locale.ROOT).toCharArray()) {
                if (c >= 'a' && c <= 'z') {
                    v[c - 'a']++;
                }
            }
            return v;
        }

        List<Object> take() {
            List<Object> out = List.copyOf(log);
            log.clear();
            return out;
        }
    }

    private static Namespace ns(String... labels) {
        return Namespace.of(labels);
    }

    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> srch(Store store, StoreOp.Search search) {
        return tryRun(() -> hits(store.search(search), false));
    }

    private static StoreOp.Search cat() {
        return StoreOp.search(ns("notes")).query("cat");
    }

    @Test
    void fieldsText() {
        Letters letters = new Letters();
        Store store = new InMemoryStore(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, letters, "text")));
        store.put(ns("notes"), "n1", map("text", "cats and kittens", "topic", "pets"));
        store.put(ns("notes"), "n2", map("text", "dogs and puppies", "topic", "pets"));
        store.put(ns("notes"), "n3", map("text", "tax forms", "topic", "money"));
        store.put(ns("notes"), "n4", map("text", "kitten cat cat", "topic", "pets"));
        store.put(ns("notes"), "n5", map("title", "no text field", "topic", "pets"));
        store.put(ns("notes"), "n6", map("text", "cat tax", "topic", "money"), PutOptions.DEFAULTS.withoutIndex());
        store.put(
                ns("notes"),
                "n7",
                map("text", "dog", "title", "zebra", "topic", "pets"),
                PutOptions.DEFAULTS.withIndex("title"));
        store.put(ns("archive"), "z1", map("text", "cats", "topic", "pets"));
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("embed_calls_for_puts", letters.take());
        facts.put("cat", srch(store, cat()));
        facts.put(
                "dog_filter_pets",
                srch(store, StoreOp.search(ns("notes")).query("dog").filter(Map.of("topic", "pets"))));
        facts.put("cat_limit_2", srch(store, cat().limit(2)));
        facts.put("cat_limit_2_offset_1", srch(store, cat().limit(2).offset(1)));
        facts.put("cat_limit_10_offset_5", srch(store, cat().limit(10).offset(5)));
        facts.put("zzz", srch(store, StoreOp.search(ns("notes")).query("zzz")));
        facts.put("all_zero_query_123", srch(store, StoreOp.search(ns("notes")).query("123")));
        facts.put(
                "cat_all_namespaces", srch(store, StoreOp.search(Namespace.ROOT).query("cat")));
        facts.put("no_query", srch(store, StoreOp.search(ns("notes"))));
        facts.put("embed_calls_for_searches", letters.take());
        store.put(ns("notes"), "n3", map("text", "cat cat cat", "topic", "money"));
        store.put(ns("notes"), "n1", map("text", "dogs only now", "topic", "pets"), PutOptions.DEFAULTS.withoutIndex());
        store.delete(ns("notes"), "n2");
        facts.put("embed_calls_for_changes", letters.take());
        facts.put(
                "n1_value_after_changes",
                store.get(ns("notes"), "n1").orElseThrow().value());
        facts.forEach((k, v) -> oracle.assertFact(v, "s1_fields_text", k));
        // JS keeps n1's old vector ("cats and kittens", 0.6794) although its text changed; here a
        // put without indexing leaves the item unscored, listed after the scored ones.
        List<Item> after = store.search(cat());
        assertEquals(
                List.of("n3", "n4", "n7", "n1", "n5", "n6"),
                after.stream().map(Item::key).toList());
        assertEquals(
                List.of(1L, 0.8729, 0.2582),
                after.subList(0, 3).stream()
                        .map(i -> dev.switchboard.conformance.StoreViews.round(
                                i.score().getAsDouble()))
                        .toList());
        assertEquals(true, after.get(3).score().isEmpty());
    }

    @Test
    void defaultFieldEmbedsTheWholeValueAsIndentedJson() {
        Letters letters = new Letters();
        Store store = new InMemoryStore(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, letters)));
        store.put(ns("d"), "x", map("b", "bb", "a", "cat"));
        store.put(ns("d"), "y", map("a", "dog"));
        oracle.assertFact(letters.take(), "s2_default_whole_value", "embed_calls_for_puts");
        oracle.assertFact(srch(store, StoreOp.search(ns("d")).query("cat")), "s2_default_whole_value", "cat");
    }

    @Test
    void arrayFieldEmbedsEachElement() {
        Letters letters = new Letters();
        Store store = new InMemoryStore(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, letters, "tags[*]")));
        store.put(ns("t"), "p", Map.of("tags", List.of("dog", "cat")));
        store.put(ns("t"), "q", Map.of("tags", List.of("catalog")));
        store.put(ns("t"), "r", Map.of("tags", "cat"));
        oracle.assertFact(letters.take(), "s3_array_field", "embed_calls_for_puts");
        oracle.assertFact(srch(store, StoreOp.search(ns("t")).query("cat")), "s3_array_field", "cat");
        oracle.assertFact(srch(store, StoreOp.search(ns("t")).query("dog")), "s3_array_field", "dog");
    }

    @Test
    @SuppressWarnings("unchecked")
    void batchEmbedsDistinctTextsOnceAndSearchesSeeTheStoreBefore() {
        Letters letters = new Letters();
        Store store = new InMemoryStore(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, letters, "text")));
        store.put(ns("b"), "old", Map.of("text", "cat"));
        letters.take();
        List<Object> res = store.batch(List.of(
                StoreOp.put(ns("b"), "k1", Map.of("text", "same text")),
                StoreOp.put(ns("b"), "k2", Map.of("text", "same text")),
                StoreOp.search(ns("b")).query("cat").limit(10),
                StoreOp.search(ns("b")).query("cat").limit(1)));
        oracle.assertFact(letters.take(), "s4_batch", "embed_calls");
        oracle.assertFact(
                res.subList(2, 4).stream().map(r -> hits((List<Item>) r, false)).toList(),
                "s4_batch",
                "search_results_in_batch");
        oracle.assertFact(srch(store, StoreOp.search(ns("b")).query("same")), "s4_batch", "search_after_batch");
    }
}
