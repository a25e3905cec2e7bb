package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.serde.SerdeLimits;
import dev.switchboard.runtime.store.Embedder;
import dev.switchboard.runtime.store.IndexConfig;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.PutOptions;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import dev.switchboard.runtime.store.TtlConfig;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The store semantics every implementation must share (in memory, SQLite, PostgreSQL): the same
 * results, orders, scores and errors for the same operations.
 */
abstract class StoreConformance {
    private final List<Store> opened = new ArrayList<>();
    /** The stores' clock: tests move it. */
    protected final TestClock clock = new TestClock();

    /** Opens a fresh, empty store. */
    protected abstract Store open(StoreSettings settings);

    /**
     * Opens another store on the database of the last one {@link #open} opened, as another JVM would;
     * in memory, where nothing is shared between instances, the last store itself.
     */
    protected abstract Store openShared(StoreSettings settings);

    private Store store() {
        return store(StoreSettings.DEFAULTS);
    }

    private Store store(StoreSettings settings) {
        Store s = open(settings.withClock(clock));
        opened.add(s);
        return s;
    }

    @AfterEach
    void closeStores() {
        opened.forEach(Store::close);
    }

    /** A clock that stands still until told to move. */
    static final class TestClock extends Clock {
        private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    record Prefs(String theme, int size) {}

    private static Namespace ns(String... labels) {
        return Namespace.of(labels);
    }

    private static List<String> keys(List<Item> items) {
        return items.stream().map(Item::key).toList();
    }

    @Test
    void putGetReputKeepsCreatedAtAndReplacesTheValue() {
        Store s = store();
        s.put(ns("users", "u1"), "prefs", Map.of("theme", "dark", "size", 3));
        Item first = s.get(ns("users", "u1"), "prefs").orElseThrow();
        assertEquals(Map.of("theme", "dark", "size", 3), first.value());
        assertEquals(first.createdAt(), first.updatedAt());
        clock.advance(Duration.ofMillis(5));
        s.put(ns("users", "u1"), "prefs", Map.of("theme", "light"));
        Item second = s.get(ns("users", "u1"), "prefs").orElseThrow();
        assertEquals(Map.of("theme", "light"), second.value());
        assertEquals(first.createdAt(), second.createdAt());
        assertEquals(first.updatedAt().plusMillis(5), second.updatedAt());
        assertEquals(Optional.empty(), s.get(ns("users", "u1"), "nope"));
        assertEquals(Optional.empty(), s.get(ns("users", "u9"), "prefs"));
    }

    @Test
    void valuesAreCopiesAndTypedValuesRoundTrip() {
        Store s = store();
        Map<String, Object> v = new LinkedHashMap<>(Map.of("n", 1));
        s.put(ns("alias"), "k", v);
        v.put("n", 2);
        assertEquals(Map.of("n", 1), s.get(ns("alias"), "k").orElseThrow().value());
        s.put(ns("users", "u1"), "prefs", new Prefs("dark", 3));
        assertEquals(Optional.of(new Prefs("dark", 3)), s.get(ns("users", "u1"), "prefs", Prefs.class));
        assertEquals(
                Map.of("theme", "dark", "size", 3),
                s.get(ns("users", "u1"), "prefs").orElseThrow().value());
    }

    @Test
    void deleteAndPutNullRemoveAndMissingDeletesAreNoOps() {
        Store s = store();
        s.put(ns("users", "u1"), "a", Map.of("x", 1));
        s.put(ns("users", "u1"), "b", Map.of("x", 2));
        s.delete(ns("users", "u1"), "a");
        s.delete(ns("users", "u1"), "never-there");
        s.put(ns("users", "u1"), "b", null);
        assertEquals(List.of(), s.search(ns("users")));
        assertEquals(List.of(), s.listNamespaces());
    }

    @Test
    void oddKeysAreKeys() {
        Store s = store();
        for (String key : List.of("with:colon", "with.dot", "", "with/slash")) {
            s.put(ns("keys"), key, Map.of("key", key));
            assertEquals(
                    Map.of("key", key), s.get(ns("keys"), key).orElseThrow().value());
        }
        assertEquals(List.of("with:colon", "with.dot", "", "with/slash"), keys(s.search(ns("keys"))));
    }

    static Store fixture(Store store) {
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

    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void searchListsByNamespaceThenKeyInsertionAndPages() {
        Store s = fixture(store());
        assertEquals(List.of("b1", "b2", "a1", "a2", "a3", "intro"), keys(s.search(ns("docs"))));
        assertEquals(List.of(), s.search(ns("do")));
        assertEquals(10, s.search(Namespace.ROOT).size());
        assertEquals(19, s.search(StoreOp.search(Namespace.ROOT).limit(100)).size());
        assertEquals(
                List.of("k04", "k05", "k06"),
                keys(s.search(StoreOp.search(ns("bulk")).limit(3).offset(4))));
        assertEquals(List.of(), s.search(StoreOp.search(ns("bulk")).limit(0)));
        assertEquals(List.of(), s.search(StoreOp.search(ns("bulk")).offset(50)));
        s.put(ns("docs", "en"), "a1", Map.of("kind", "report", "n", 6));
        assertEquals(List.of("a1", "a2", "a3"), keys(s.search(ns("docs", "en"))));
        s.delete(ns("docs", "en"), "a1");
        s.put(ns("docs", "en"), "a1", Map.of("kind", "report", "n", 6));
        assertEquals(List.of("a2", "a3", "a1"), keys(s.search(ns("docs", "en"))));
    }

    private static List<String> filtered(Store s, Map<String, ?> filter) {
        return keys(s.search(StoreOp.search(ns("docs")).filter(filter).limit(100)));
    }

    @Test
    void filtersAreTypeStrictAndPushedDown() {
        Store s = fixture(store());
        assertEquals(List.of("b1", "a1", "a3"), filtered(s, Map.of("kind", "report")));
        assertEquals(List.of("b1", "a1"), filtered(s, map("kind", "report", "status", "active")));
        assertEquals(List.of("a2", "intro"), filtered(s, Map.of("kind", Map.of("$eq", "guide"))));
        assertEquals(List.of("b2", "a2", "a3", "intro"), filtered(s, Map.of("status", Map.of("$ne", "active"))));
        assertEquals(List.of("a2", "a3"), filtered(s, Map.of("n", Map.of("$gt", 5))));
        assertEquals(List.of("a1", "a2", "a3"), filtered(s, Map.of("n", Map.of("$gte", 5))));
        assertEquals(List.of("b1", "intro"), filtered(s, Map.of("n", Map.of("$lt", 5))));
        assertEquals(List.of("b1", "a1", "intro"), filtered(s, Map.of("n", Map.of("$lte", 5.0))));
        assertEquals(List.of("b1", "a1", "a3"), filtered(s, Map.of("n", map("$gte", 3, "$lte", 7))));
        assertEquals(
                List.of("b2", "a2", "intro"), filtered(s, Map.of("kind", Map.of("$in", List.of("memo", "guide")))));
        assertEquals(List.of("b1", "a1", "a3"), filtered(s, Map.of("kind", Map.of("$nin", List.of("memo", "guide")))));
        assertEquals(
                List.of("b2", "a2", "a3", "intro"), filtered(s, Map.of("status", Map.of("$nin", List.of("active")))));
        assertEquals(List.of("a3"), filtered(s, map("status", null)));
        assertEquals(List.of(), filtered(s, Map.of("n", 8)));
        assertEquals(List.of("b2"), filtered(s, Map.of("n", "8")));
        assertEquals(List.of("b2"), filtered(s, Map.of("n", Map.of("$gt", "6"))));
        assertEquals(List.of(), filtered(s, Map.of("kind", Map.of("$gt", 0))));
        assertEquals(List.of(), filtered(s, Map.of("meta.lang", "en")));
        assertEquals(List.of(), filtered(s, Map.of("nothere", "x")));
        assertEquals(List.of("b1", "b2", "a1", "a2", "a3", "intro"), filtered(s, Map.of("n", Map.of())));
        assertEquals(List.of("b1", "b2", "a1", "a2", "a3", "intro"), filtered(s, Map.of()));
    }

    @Test
    void filterValuesOfEveryTypeMatchTheirOwnType() {
        Store s = store();
        s.put(ns("t"), "t", map("b", true, "d", 2.5, "s", "x\"y", "big", 12345678901L));
        s.put(ns("t"), "f", map("b", false, "d", 2, "s", "x", "big", 1));
        assertEquals(List.of("t"), keys(s.search(StoreOp.search(ns("t")).filter(Map.of("b", true)))));
        assertEquals(List.of("f"), keys(s.search(StoreOp.search(ns("t")).filter(Map.of("b", Map.of("$ne", true))))));
        assertEquals(List.of("f"), keys(s.search(StoreOp.search(ns("t")).filter(Map.of("d", 2.0)))));
        assertEquals(List.of("t"), keys(s.search(StoreOp.search(ns("t")).filter(Map.of("d", Map.of("$gt", 2.1))))));
        assertEquals(List.of("t"), keys(s.search(StoreOp.search(ns("t")).filter(Map.of("s", "x\"y")))));
        assertEquals(List.of("t"), keys(s.search(StoreOp.search(ns("t")).filter(Map.of("big", 12345678901L)))));
        assertEquals(List.of("t"), keys(s.search(StoreOp.search(ns("t")).filter(Map.of("s", Map.of("$gt", "x"))))));
    }

    @Test
    void listNamespacesMatchesPrefixSuffixWildcardsDepthAndPages() {
        Store s = fixture(store());
        assertEquals(nss("bulk", "docs", "docs/en", "docs/fr", "docsx", "other/docs"), s.listNamespaces());
        assertEquals(
                nss("docs", "docs/en", "docs/fr"),
                list(s, StoreOp.listNamespaces().prefix(ns("docs"))));
        assertEquals(nss(), list(s, StoreOp.listNamespaces().prefix(ns("do"))));
        assertEquals(nss("docs", "other/docs"), list(s, StoreOp.listNamespaces().suffix(ns("docs"))));
        assertEquals(nss("docs/en", "docs/fr"), list(s, StoreOp.listNamespaces().prefix(ns("docs", "*"))));
        assertEquals(nss("other/docs"), list(s, StoreOp.listNamespaces().prefix(ns("*", "docs"))));
        assertEquals(
                nss("docs/fr"),
                list(s, StoreOp.listNamespaces().prefix(ns("docs")).suffix(ns("fr"))));
        assertEquals(nss(), list(s, StoreOp.listNamespaces().prefix(ns("docs", "en", "deep"))));
        assertEquals(
                nss("bulk", "docs", "docsx", "other"),
                list(s, StoreOp.listNamespaces().maxDepth(1)));
        assertEquals(
                nss("docs"), list(s, StoreOp.listNamespaces().prefix(ns("docs")).maxDepth(1)));
        assertEquals(nss("bulk", "docs"), list(s, StoreOp.listNamespaces().limit(2)));
        assertEquals(
                nss("docs/en", "docs/fr"),
                list(s, StoreOp.listNamespaces().limit(2).offset(2)));
        s.delete(ns("docsx"), "c1");
        s.delete(ns("ghost", "ns"), "never");
        assertEquals(nss("bulk", "docs", "docs/en", "docs/fr", "other/docs"), s.listNamespaces());
    }

    @Test
    void namespacesSortLabelByLabelByCodePoint() {
        Store s = store();
        for (String n : List.of("Zed", "apple", "_under", "Apple", "b/c", "b", "bc", "b-c", "10", "9")) {
            s.put(new Namespace(List.of(n.split("/"))), "k", Map.of("x", 1));
        }
        assertEquals(nss("10", "9", "Apple", "Zed", "_under", "apple", "b", "b/c", "b-c", "bc"), s.listNamespaces());
    }

    private static List<Namespace> list(Store s, StoreOp.ListNamespaces op) {
        return s.listNamespaces(op);
    }

    private static List<Namespace> nss(String... paths) {
        return java.util.Arrays.stream(paths)
                .map(p -> new Namespace(List.of(p.split("/"))))
                .toList();
    }

    @Test
    void batchReadsSeeTheStoreBeforeItsWritesAndTheLastWriteWins() {
        Store s = store();
        s.put(ns("b"), "old", Map.of("v", "old"));
        List<Object> r = s.batch(List.of(
                StoreOp.put(ns("b"), "new", Map.of("v", 1)),
                StoreOp.get(ns("b"), "new"),
                StoreOp.search(ns("b")),
                StoreOp.put(ns("b"), "dup", Map.of("v", "first")),
                StoreOp.put(ns("b"), "dup", Map.of("v", "second")),
                StoreOp.delete(ns("b"), "old"),
                StoreOp.get(ns("b"), "old")));
        assertEquals(Optional.empty(), r.get(1));
        assertEquals(List.of("old"), keys(castItems(r.get(2))));
        assertEquals(null, r.get(0));
        assertEquals(
                Map.of("v", "old"),
                ((Optional<?>) r.get(6)).map(i -> ((Item) i).value()).orElseThrow());
        List<Item> after = s.search(ns("b"));
        assertEquals(List.of("new", "dup"), keys(after));
        assertEquals(Map.of("v", "second"), after.get(1).value());
    }

    @SuppressWarnings("unchecked")
    private static List<Item> castItems(Object o) {
        return (List<Item>) o;
    }

    @Test
    void invalidInputFailsClearlyAndWritesNothing() {
        Store s = store();
        assertEquals("Namespace cannot be empty.", iae(() -> s.put(Namespace.ROOT, "k", Map.of())));
        assertEquals("Namespace cannot be empty.", iae(() -> s.get(Namespace.ROOT, "k")));
        assertEquals(
                "Invalid namespace label 'a.b' found in a.b. Namespace labels cannot contain periods ('.').",
                iae(() -> Namespace.of("a.b")));
        assertEquals(
                "Invalid namespace label 'a:b'. Namespace labels cannot contain colons (':').",
                iae(() -> Namespace.of("a:b")));
        assertTrue(iae(() -> Namespace.of("")).contains("cannot be empty"));
        assertTrue(iae(() -> Namespace.of("a\0b")).contains("control characters"));
        assertTrue(iae(() -> Namespace.of("a", null)).contains("cannot be null"));
        assertEquals(
                "Root label for namespace cannot be \"langgraph\". Got: langgraph.x",
                iae(() -> s.put(ns("langgraph", "x"), "k", Map.of())));
        s.delete(ns("langgraph"), "k"); // reading and deleting there is allowed
        assertTrue(iae(() -> s.put(ns("a"), "k".repeat(1025), Map.of())).startsWith("key is 1025 characters"));
        assertTrue(iae(() -> s.put(ns("a"), "k", "just text")).contains("must be a JSON object"));
        assertTrue(iae(() -> s.search(StoreOp.search(ns("a")).limit(-1))).startsWith("limit must not be negative"));
        assertTrue(iae(() -> s.search(StoreOp.search(ns("a")).offset(-1))).startsWith("offset must not be negative"));
        assertTrue(iae(() -> s.listNamespaces(StoreOp.listNamespaces().maxDepth(0)))
                .startsWith("maxDepth"));
        assertTrue(iae(() -> StoreOp.search(ns("a")).filter(Map.of("n", Map.of("$foo", 1))))
                .contains("unknown operator '$foo'"));
        assertTrue(iae(() -> StoreOp.search(ns("a")).filter(Map.of("tags", List.of("x"))))
                .contains("needs a string, number, boolean or null, got an array"));
        assertTrue(iae(() -> StoreOp.search(ns("a")).filter(Map.of("k", Map.of("$in", "x"))))
                .contains("$in needs a list"));
        assertTrue(iae(() -> PutOptions.DEFAULTS.withTtl(Duration.ZERO)).startsWith("ttl must be positive"));
        assertTrue(iae(() -> new TtlConfig(Duration.ofSeconds(-1), false, null))
                .startsWith("defaultTtl must be positive"));
        Store small = store(StoreSettings.DEFAULTS.withLimits(new SerdeLimits(64, 8, 16)));
        String tooBig = iae(() -> small.batch(List.of(
                StoreOp.put(ns("a"), "ok", Map.of("x", 1)),
                StoreOp.put(ns("a"), "big", Map.of("x", "y".repeat(100))))));
        assertTrue(tooBig.startsWith("value of key 'big' in namespace a cannot be stored"), tooBig);
        assertEquals(Optional.empty(), small.get(ns("a"), "ok"), "nothing of a failed batch is written");
    }

    private static String iae(org.junit.jupiter.api.function.Executable e) {
        return assertThrows(IllegalArgumentException.class, e).getMessage();
    }

    @Test
    void expiredItemsAreInvisibleAndSweptUnlessRefreshedSince() {
        Store s = store(StoreSettings.DEFAULTS.withTtl(new TtlConfig(Duration.ofMinutes(1), true, null)));
        s.put(ns("m"), "default", Map.of("x", 1));
        s.put(ns("m"), "own", Map.of("x", 2), PutOptions.DEFAULTS.withTtl(Duration.ofMinutes(5)));
        clock.advance(Duration.ofSeconds(50));
        assertTrue(s.get(ns("m"), "default").isPresent()); // refreshed: now expires at 110 s
        clock.advance(Duration.ofSeconds(20)); // 70 s
        assertEquals(0, s.sweepExpired(), "refreshed since it was due, so kept");
        assertEquals(
                List.of("default", "own"), keys(s.search(StoreOp.search(ns("m")).refreshTtl(false))));
        clock.advance(Duration.ofSeconds(45)); // 115 s
        assertEquals(List.of("own"), keys(s.search(StoreOp.search(ns("m")).refreshTtl(false))));
        assertEquals(Optional.empty(), s.get(ns("m"), "default"));
        assertEquals(1, s.sweepExpired());
        clock.advance(Duration.ofMinutes(5));
        assertEquals(Optional.empty(), s.get(ns("m"), "own"));
        assertEquals(1, s.sweepExpired());
        assertEquals(List.of(), s.listNamespaces());
    }

    @Test
    void readsWithoutRefreshLeaveTheExpiryAndExpiredItemsStartAfreshWhenPutAgain() {
        Store s = store(StoreSettings.DEFAULTS.withTtl(new TtlConfig(Duration.ofMinutes(1), false, null)));
        s.put(ns("m"), "a", Map.of("x", 1));
        Instant created = s.get(ns("m"), "a").orElseThrow().createdAt();
        clock.advance(Duration.ofSeconds(50));
        assertTrue(s.get(ns("m"), "a").isPresent());
        clock.advance(Duration.ofSeconds(20));
        assertEquals(Optional.empty(), s.get(ns("m"), "a"));
        s.put(ns("m"), "a", Map.of("x", 2));
        Item again = s.get(ns("m"), "a").orElseThrow();
        assertEquals(created.plusSeconds(70), again.createdAt());
    }

    @Test
    void theSweeperRunsUntilStopped() throws Exception {
        Store s = store(
                StoreSettings.DEFAULTS.withTtl(new TtlConfig(Duration.ofSeconds(1), false, Duration.ofMillis(20))));
        s.put(ns("m"), "a", Map.of("x", 1));
        clock.advance(Duration.ofSeconds(2));
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!s.listNamespaces().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(List.of(), s.listNamespaces(), "the sweeper deleted the expired item");
        s.stopSweeper();
        s.put(ns("m"), "b", Map.of("x", 1));
        clock.advance(Duration.ofSeconds(2));
        Thread.sleep(100);
        assertEquals(nss("m"), s.listNamespaces(), "a stopped sweeper deletes nothing");
    }

    /** LangGraph.js's bag-of-letters fake: component i counts letter 'a' + i. */
    static final class Letters implements Embedder {
        final List<Object> log = new ArrayList<>();

        @Override
        public synchronized List<float[]> embedDocuments(List<String> texts) {
            log.add(Map.of("documents", List.copyOf(texts)));
            return texts.stream().map(Letters::vector).toList();
        }

        @Override
        public synchronized float[] embedQuery(String text) {
            log.add(Map.of("query", text));
            return vector(text);
        }

        static float[] vector(String text) {
            float[] v = new float[26];
            for (char c : text.toLowerCase(java.util.Locale.ROOT).toCharArray()) {
                if (c >= 'a' && c <= 'z') {
                    v[c - 'a']++;
                }
            }
            return v;
        }
    }

    private static Map<String, Double> scores(List<Item> items) {
        Map<String, Double> m = new LinkedHashMap<>();
        items.forEach(i ->
                m.put(i.key(), i.score().isPresent() ? Math.round(i.score().getAsDouble() * 1e4) / 1e4 : null));
        return m;
    }

    @Test
    void semanticSearchRanksByCosineThenListsUnscoredItems() {
        Letters letters = new Letters();
        Store s = store(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, letters, "text")));
        s.put(ns("notes"), "n1", map("text", "cats and kittens", "topic", "pets"));
        s.put(ns("notes"), "n2", map("text", "dogs and puppies", "topic", "pets"));
        s.put(ns("notes"), "n3", map("text", "tax forms", "topic", "money"));
        s.put(ns("notes"), "n4", map("text", "kitten cat cat", "topic", "pets"));
        s.put(ns("notes"), "n5", map("title", "no text field", "topic", "pets"));
        s.put(ns("notes"), "n6", map("text", "cat tax", "topic", "money"), PutOptions.DEFAULTS.withoutIndex());
        s.put(
                ns("notes"),
                "n7",
                map("text", "dog", "title", "zebra", "topic", "pets"),
                PutOptions.DEFAULTS.withIndex("title"));
        Map<String, Double> cat = new LinkedHashMap<>();
        cat.put("n4", 0.8729);
        cat.put("n1", 0.6794);
        cat.put("n3", 0.4082);
        cat.put("n7", 0.2582);
        cat.put("n2", 0.1179);
        cat.put("n5", null);
        cat.put("n6", null);
        assertEquals(cat, scores(s.search(StoreOp.search(ns("notes")).query("cat"))));
        Map<String, Double> dog = new LinkedHashMap<>();
        dog.put("n2", 0.4714);
        dog.put("n1", 0.1132);
        dog.put("n4", 0.0);
        dog.put("n7", 0.0);
        dog.put("n5", null);
        assertEquals(
                dog, scores(s.search(StoreOp.search(ns("notes")).query("dog").filter(Map.of("topic", "pets")))));
        assertEquals(
                List.of("n1", "n3"),
                keys(s.search(StoreOp.search(ns("notes")).query("cat").limit(2).offset(1))));
        assertEquals(
                List.of("n5", "n6"),
                keys(s.search(StoreOp.search(ns("notes")).query("cat").limit(10).offset(5))));
        assertEquals(
                0.0,
                s.search(StoreOp.search(ns("notes")).query("123"))
                        .get(0)
                        .score()
                        .getAsDouble());
        s.put(ns("notes"), "n3", map("text", "cat cat cat", "topic", "money"));
        s.put(ns("notes"), "n1", map("text", "dogs only now", "topic", "pets"), PutOptions.DEFAULTS.withoutIndex());
        s.delete(ns("notes"), "n2");
        Map<String, Double> after = new LinkedHashMap<>();
        after.put("n3", 1.0);
        after.put("n4", 0.8729);
        after.put("n7", 0.2582);
        after.put("n1", null);
        after.put("n5", null);
        after.put("n6", null);
        assertEquals(after, scores(s.search(StoreOp.search(ns("notes")).query("cat"))));
    }

    @Test
    void arrayFieldsEmbedEachElementAndTheBestVectorScores() {
        Letters letters = new Letters();
        Store s = store(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, letters, "tags[*]")));
        s.put(ns("t"), "p", Map.of("tags", List.of("dog", "cat")));
        s.put(ns("t"), "q", Map.of("tags", List.of("catalog")));
        s.put(ns("t"), "r", Map.of("tags", "cat"));
        assertEquals(
                List.of(Map.of("documents", List.of("dog", "cat")), Map.of("documents", List.of("catalog"))),
                letters.log);
        Map<String, Double> cat = new LinkedHashMap<>();
        cat.put("p", 1.0);
        cat.put("q", 0.7698);
        cat.put("r", null);
        assertEquals(cat, scores(s.search(StoreOp.search(ns("t")).query("cat"))));
    }

    @Test
    void aBatchEmbedsEachDistinctTextOnceAfterItsQueries() {
        Letters letters = new Letters();
        Store s = store(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, letters, "text")));
        s.put(ns("b"), "old", Map.of("text", "cat"));
        letters.log.clear();
        List<Object> r = s.batch(List.of(
                StoreOp.put(ns("b"), "k1", Map.of("text", "same text")),
                StoreOp.put(ns("b"), "k2", Map.of("text", "same text")),
                StoreOp.search(ns("b")).query("cat"),
                StoreOp.search(ns("b")).query("cat").limit(1)));
        assertEquals(List.of(Map.of("query", "cat"), Map.of("documents", List.of("same text"))), letters.log);
        assertEquals(List.of("old"), keys(castItems(r.get(2))));
        assertEquals(
                List.of("k1", "k2", "old"),
                keys(s.search(StoreOp.search(ns("b")).query("same"))));
    }

    @Test
    void anEmbedderOfTheWrongDimensionsFailsTheWrite() {
        Store s = store(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(3, new Letters(), "text")));
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> s.put(ns("a"), "k", Map.of("text", "x")));
        assertEquals("the embedder returned a vector of 26 dimensions; the index expects 3", e.getMessage());
        assertFalse(s.get(ns("a"), "k").isPresent());
    }

    @Test
    void storesSharingADatabaseRankEachOthersPutsDeletesAndExpiries() {
        Store a = store(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, new Letters(), "text")));
        Store b = openShared(StoreSettings.DEFAULTS
                .withIndex(IndexConfig.of(26, new Letters(), "text"))
                .withClock(clock));
        opened.add(b);
        a.put(ns("m"), "dog", map("text", "dog"));
        a.put(ns("m"), "cat", map("text", "cat"));
        assertEquals(
                List.of("cat", "dog"), keys(b.search(StoreOp.search(ns("m")).query("cat"))));
        b.put(ns("m"), "dog", map("text", "cat"));
        Map<String, Double> tie = new LinkedHashMap<>();
        tie.put("dog", 1.0);
        tie.put("cat", 1.0);
        assertEquals(tie, scores(a.search(StoreOp.search(ns("m")).query("cat"))), "equal scores: first put first");
        a.delete(ns("m"), "cat");
        assertEquals(List.of("dog"), keys(b.search(StoreOp.search(ns("m")).query("cat"))));
        b.put(ns("m"), "tmp", map("text", "cat"), PutOptions.DEFAULTS.withTtl(Duration.ofSeconds(1)));
        assertEquals(
                List.of("dog", "tmp"), keys(a.search(StoreOp.search(ns("m")).query("cat"))));
        clock.advance(Duration.ofSeconds(2));
        assertEquals(List.of("dog"), keys(a.search(StoreOp.search(ns("m")).query("cat"))), "expired, not swept");
        assertEquals(1, b.sweepExpired());
        assertEquals(List.of("dog"), keys(a.search(StoreOp.search(ns("m")).query("cat"))));
        b.put(ns("m"), "tmp", map("text", "tax"));
        a.put(ns("m"), "dog", map("text", "cat"), PutOptions.DEFAULTS.withoutIndex());
        Map<String, Double> after = new LinkedHashMap<>();
        after.put("tmp", 0.6667);
        after.put("dog", null);
        assertEquals(after, scores(b.search(StoreOp.search(ns("m")).query("cat"))));
        assertEquals(
                List.of("tmp"),
                keys(b.search(StoreOp.search(ns("m")).query("cat").filter(Map.of("text", "tax")))));
    }

    @Test
    void aPageDeepInTheRankingSkipsDeletedAndExpiredItems() {
        Store s = store(StoreSettings.DEFAULTS.withIndex(IndexConfig.of(26, new Letters(), "text")));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String text = "c" + "a".repeat(i);
            PutOptions o = i % 3 == 1 ? PutOptions.DEFAULTS.withTtl(Duration.ofSeconds(1)) : PutOptions.DEFAULTS;
            s.put(ns("p", "q" + (i % 2)), "k" + i, map("text", text), o);
            if (i % 3 == 0) {
                expected.add("k" + i);
            }
        }
        for (int i = 2; i < 60; i += 3) {
            s.delete(ns("p", "q" + (i % 2)), "k" + i);
        }
        clock.advance(Duration.ofSeconds(2));
        // "c": the fewer a's, the nearer; every third item is left.
        assertEquals(expected, keys(s.search(StoreOp.search(ns("p")).query("c").limit(100))));
        assertEquals(
                expected.subList(15, 20),
                keys(s.search(StoreOp.search(ns("p")).query("c").limit(5).offset(15))));
    }
}
