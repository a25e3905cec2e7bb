package dev.switchboard.bench.store;

import dev.switchboard.checkpoint.jdbc.JdbcStore;
import dev.switchboard.checkpoint.jdbc.PostgresStore;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import dev.switchboard.runtime.store.Embedder;
import dev.switchboard.runtime.store.IndexConfig;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The long-term memory store with 10,000 items in 100 namespaces, on SQLite and PostgreSQL (the
 * latter given {@code SWITCHBOARD_POSTGRES_URL}, in a schema of its own): {@code put} (a replace of
 * an existing item, with its 384-dimension vector), a filter-only search (first page of one kind
 * under a prefix, with a range condition), and a semantic search over all 10,000 vectors (exact
 * cosine, filters applied). Sample time, so JMH reports p50 and the tail. The embedder is a fixed
 * pseudo-random projection, so that its cost is not the store's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StoreBench {
    static final int ITEMS = 10_000;
    static final int DIMENSIONS = 384;
    private static final String[] KINDS = {"note", "fact", "pref", "task", "doc"};

    @Param({"sqlite", "postgres"})
    public String backend;

    private JdbcStore store;
    private Path file;
    private String schema;
    private String baseUrl;
    private long n;

    /** For JMH. */
    public StoreBench() {}

    /** A deterministic embedder: each text seeds a pseudo-random vector. */
    static final class Projection implements Embedder {
        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            return texts.stream().map(Projection::vector).toList();
        }

        static float[] vector(String text) {
            SplittableRandom r = new SplittableRandom(text.hashCode());
            float[] v = new float[DIMENSIONS];
            for (int i = 0; i < v.length; i++) {
                v[i] = (float) r.nextGaussian();
            }
            return v;
        }
    }

    /**
     * Opens the store and fills it.
     *
     * @throws Exception if the database cannot be prepared
     */
    @Setup
    public void setup() throws Exception {
        StoreSettings settings = StoreSettings.DEFAULTS.withIndex(IndexConfig.of(DIMENSIONS, new Projection(), "text"));
        store = open(settings);
        List<StoreOp> batch = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            batch.add(StoreOp.put(ns(i), "k" + i, value(i)));
            if (batch.size() == 500) {
                store.batch(batch);
                batch.clear();
            }
        }
        List<Item> check = filterSearch();
        if (check.isEmpty() || semanticSearch().size() != 10) {
            throw new IllegalStateException("the store did not fill: " + check);
        }
    }

    private JdbcStore open(StoreSettings settings) throws IOException, SQLException {
        if (backend.equals("sqlite")) {
            file = Files.createTempFile("switchboard-store-bench-", ".db");
            return SqliteStore.file(file, settings);
        }
        baseUrl = System.getenv("SWITCHBOARD_POSTGRES_URL");
        if (baseUrl == null) {
            throw new IllegalStateException("set SWITCHBOARD_POSTGRES_URL to benchmark the PostgreSQL store");
        }
        schema = "sbbench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(baseUrl);
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        return PostgresStore.url(baseUrl + (baseUrl.contains("?") ? "&" : "?") + "currentSchema=" + schema, settings);
    }

    static Namespace ns(int i) {
        return Namespace.of("users", "u" + (i % 100), "memories");
    }

    static Map<String, Object> value(long i) {
        return Map.of("text", "memory number " + i, "kind", KINDS[(int) (i % KINDS.length)], "n", i % 1000);
    }

    /**
     * Closes the store and drops its data.
     *
     * @throws Exception if the cleanup fails
     */
    @TearDown
    public void tearDown() throws Exception {
        store.close();
        if (file != null) {
            Files.deleteIfExists(file);
        }
        if (schema != null) {
            try (Connection c = DriverManager.getConnection(baseUrl);
                    Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
        }
    }

    /** Replaces one existing item (value and vector). */
    @Benchmark
    public void put() {
        long i = n++ % ITEMS;
        store.put(ns((int) i), "k" + i, value(i + ITEMS));
    }

    /**
     * The first page of one kind under a namespace, with a range condition.
     *
     * @return the page
     */
    @Benchmark
    public List<Item> filterSearch() {
        return store.search(
                StoreOp.search(Namespace.of("users", "u7")).filter(Map.of("kind", "pref", "n", Map.of("$gte", 100))));
    }

    /**
     * The ten items nearest a query among all 10,000.
     *
     * @return the page
     */
    @Benchmark
    public List<Item> semanticSearch() {
        return store.search(StoreOp.search(Namespace.of("users")).query("memory number " + (n++ % 97)));
    }
}
