package dev.switchboard.langchain4j;

import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.switchboard.checkpoint.jdbc.JdbcStore;
import dev.switchboard.checkpoint.jdbc.PostgresStore;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import dev.switchboard.runtime.store.Embedder;
import dev.switchboard.runtime.store.IndexConfig;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A one-off measurement, not a test (too slow for CI: it embeds 10,000 texts): semantic search
 * latency over 10,000 all-MiniLM-L6-v2 vectors in SQLite (and PostgreSQL given {@code
 * SWITCHBOARD_POSTGRES_URL}, with parameters, in a schema of its own), the query's embedding
 * time reported apart. Run with the module's test classpath, e.g. {@code java -cp
 * langchain4j/target/test-classes:$(cat cp.txt) dev.switchboard.langchain4j.RealModelSearchLatency}.
 */
final class RealModelSearchLatency {
    private static final String[] WHO = {
        "My sister",
        "The neighbour",
        "Our manager",
        "A friend",
        "The doctor",
        "My grandfather",
        "The new intern",
        "Her cousin",
        "The landlord",
        "Our teacher"
    };
    private static final String[] DOES = {
        "likes",
        "hates",
        "talks about",
        "collects",
        "writes about",
        "dreams of",
        "worries about",
        "studies",
        "photographs",
        "cooks with"
    };
    private static final String[] WHAT = {
        "old trains",
        "red wine",
        "jazz records",
        "mountain bikes",
        "house plants",
        "chess openings",
        "spicy food",
        "vintage cameras",
        "rescue dogs",
        "tax law"
    };
    private static final String[] WHEN = {
        "every weekend",
        "in the summer",
        "after work",
        "on Mondays",
        "at night",
        "during holidays",
        "before breakfast",
        "in winter",
        "on long flights",
        "with kids"
    };
    private static final String[] QUERIES = {
        "dogs",
        "wine tasting",
        "cycling in the hills",
        "music",
        "photography",
        "cooking spicy dishes",
        "taxes",
        "gardening",
        "board games",
        "railways"
    };

    private RealModelSearchLatency() {}

    /** Caches embeddings, so that the stores' searches time the store, not the model. */
    static final class Cached implements Embedder {
        final LangChain4jEmbedder model;
        final Map<String, float[]> cache = new ConcurrentHashMap<>();

        Cached(LangChain4jEmbedder model) {
            this.model = model;
        }

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            List<String> missing =
                    texts.stream().filter(t -> !cache.containsKey(t)).toList();
            if (!missing.isEmpty()) {
                List<float[]> vs = model.embedDocuments(missing);
                for (int i = 0; i < missing.size(); i++) {
                    cache.put(missing.get(i), vs.get(i));
                }
            }
            return texts.stream().map(cache::get).toList();
        }

        @Override
        public float[] embedQuery(String text) {
            return cache.computeIfAbsent("query:" + text, t -> model.embedQuery(text));
        }
    }

    public static void main(String[] args) throws Exception {
        Cached embedder = new Cached(new LangChain4jEmbedder(new AllMiniLmL6V2EmbeddingModel()));
        long[] queryNanos = new long[QUERIES.length];
        for (int i = 0; i < QUERIES.length; i++) {
            long t = System.nanoTime();
            embedder.embedQuery(QUERIES[i]);
            queryNanos[i] = System.nanoTime() - t;
        }
        System.out.println("query embedding (ms, each of " + QUERIES.length + "): " + ms(queryNanos));
        StoreSettings settings = StoreSettings.DEFAULTS.withIndex(IndexConfig.of(384, embedder, "text"));
        Path file = Files.createTempFile("switchboard-minilm-", ".db");
        try (JdbcStore s = SqliteStore.file(file, settings)) {
            measure("sqlite", s, embedder);
        } finally {
            Files.deleteIfExists(file);
        }
        String pg = System.getenv("SWITCHBOARD_POSTGRES_URL");
        if (pg != null) {
            String schema = "sb_minilm_" + System.nanoTime();
            try (Connection c = DriverManager.getConnection(pg);
                    Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA " + schema);
                try (JdbcStore s = PostgresStore.url(pg + "&currentSchema=" + schema, settings)) {
                    measure("postgres", s, embedder);
                } finally {
                    st.execute("DROP SCHEMA " + schema + " CASCADE");
                }
            }
        }
    }

    private static void measure(String name, JdbcStore store, Embedder embedder) {
        long t = System.nanoTime();
        List<StoreOp> batch = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            String text = WHO[i % 10] + " " + DOES[i / 10 % 10] + " " + WHAT[i / 100 % 10] + " " + WHEN[i / 1000];
            batch.add(StoreOp.put(Namespace.of("users", "u" + i % 100, "memories"), "m" + i, Map.of("text", text)));
            if (batch.size() == 500) {
                store.batch(batch);
                batch.clear();
            }
        }
        System.out.printf(
                "%s: filled 10,000 items in %.1f s (embedding included on the first store)%n",
                name, (System.nanoTime() - t) / 1e9);
        t = System.nanoTime();
        store.search(StoreOp.search(Namespace.of("users")).query(QUERIES[0]));
        System.out.printf("%s: first search (loads the index) %.1f ms%n", name, (System.nanoTime() - t) / 1e6);
        long[] nanos = new long[500];
        for (int i = 0; i < nanos.length; i++) {
            long s = System.nanoTime();
            store.search(StoreOp.search(Namespace.of("users")).query(QUERIES[i % QUERIES.length]));
            nanos[i] = System.nanoTime() - s;
        }
        System.out.println(name + ": search over 10,000 vectors, query embedding cached (ms): " + ms(nanos));
        System.out.println(name + ": top hit for 'dogs': "
                + store.search(StoreOp.search(Namespace.of("users"))
                                .query("dogs")
                                .limit(1))
                        .get(0)
                        .value());
    }

    private static String ms(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElse(0) / 1e6;
        return String.format(
                "p50 %.2f, mean %.2f, p90 %.2f, max %.2f",
                sorted[sorted.length / 2] / 1e6,
                mean,
                sorted[sorted.length * 9 / 10] / 1e6,
                sorted[sorted.length - 1] / 1e6);
    }
}
