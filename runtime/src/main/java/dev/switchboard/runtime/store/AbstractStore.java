package dev.switchboard.runtime.store;

import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What every store shares, so that implementations differ only in where items live: it validates
 * and converts values, applies batch semantics (reads before writes, last write of a key wins),
 * embeds texts, stamps TTLs and runs the sweeper. Subclasses implement the five storage methods.
 * For store implementations; users see {@link Store}.
 */
public abstract class AbstractStore implements Store {
    /** The settings. */
    protected final StoreSettings settings;
    /** Reads and writes values, within the settings' limits. */
    protected final JsonSerde serde;

    private volatile Sweeper sweeper;

    /**
     * Keeps the settings; a subclass calls {@link #startSweeper()} once it is ready.
     *
     * @param settings the settings
     */
    protected AbstractStore(StoreSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.serde = new JsonSerde(settings.limits());
    }

    /**
     * Starts the periodic sweeper if the settings ask for one. Subclasses call it at the end of
     * their constructor, so that no sweep runs before their storage exists.
     */
    protected final void startSweeper() {
        Duration interval = settings.ttl().sweepInterval();
        if (interval != null && sweeper == null) {
            sweeper = new Sweeper(this::sweepExpired, interval);
        }
    }

    /**
     * One item write, ready to store.
     *
     * @param namespace the namespace
     * @param key the key
     * @param json the value's JSON text, or {@code null} to delete
     * @param value the value as plain JSON, or {@code null} to delete
     * @param vectors the normalized vectors (empty for none; they replace any stored before)
     * @param ttl the item's time to live, or {@code null}
     * @param expiresAt when it expires, or {@code null}
     */
    public record Write(
            Namespace namespace,
            String key,
            String json,
            Map<String, Object> value,
            List<float[]> vectors,
            Duration ttl,
            Instant expiresAt) {}

    /**
     * A search, ready to run.
     *
     * @param prefix the namespace prefix
     * @param filter the filter
     * @param query the normalized query vector, or {@code null} to list in natural order
     * @param limit the page size
     * @param offset the page start
     * @param refreshTtl whether to extend the TTL of returned items
     */
    public record SearchPlan(
            Namespace prefix, Filter filter, float[] query, int limit, int offset, boolean refreshTtl) {}

    /**
     * Reads one item that has not expired, extending its TTL if asked.
     *
     * @param namespace the namespace
     * @param key the key
     * @param now the batch's time
     * @param refreshTtl whether to extend its TTL
     * @return the item, or {@code null}
     */
    protected abstract Item read(Namespace namespace, String key, Instant now, boolean refreshTtl);

    /**
     * Runs a search over items that have not expired: the filter, then ranking when there is a query
     * (items with vectors by score, then the others in natural order), then the page.
     *
     * @param plan the search
     * @param now the batch's time
     * @return the page
     */
    protected abstract List<Item> search(SearchPlan plan, Instant now);

    /**
     * The distinct namespaces holding items that may match the listing; {@link #page} finishes it.
     *
     * @param op the listing
     * @return candidate namespaces, in any order
     */
    protected abstract List<Namespace> namespaces(StoreOp.ListNamespaces op);

    /**
     * Applies writes atomically.
     *
     * @param writes at most one per namespace and key
     * @param now the batch's time
     */
    protected abstract void write(List<Write> writes, Instant now);

    /**
     * Deletes items whose expiry is at or before {@code now}, deciding per item at deletion.
     *
     * @param now the time
     * @return how many were deleted
     */
    protected abstract int deleteExpired(Instant now);

    @Override
    public final List<Object> batch(List<? extends StoreOp> ops) {
        Objects.requireNonNull(ops, "ops");
        ops.forEach(op -> Objects.requireNonNull(op, "ops contains null"));
        Instant now = settings.clock().instant();
        Map<String, float[]> queries = embedQueries(ops);
        List<Object> results = new ArrayList<>(ops.size());
        for (StoreOp op : ops) {
            results.add(readOp(op, queries, now));
        }
        List<Write> writes = prepare(ops, now);
        if (!writes.isEmpty()) {
            write(writes, now);
        }
        return results;
    }

    private Object readOp(StoreOp op, Map<String, float[]> queries, Instant now) {
        if (op instanceof StoreOp.Get g) {
            return Optional.ofNullable(read(g.namespace(), g.key(), now, refresh(g.refreshTtl())));
        }
        if (op instanceof StoreOp.Search s) {
            float[] q = s.query() == null ? null : queries.get(s.query());
            return List.copyOf(search(
                    new SearchPlan(s.prefix(), s.filter(), q, s.limit(), s.offset(), refresh(s.refreshTtl())), now));
        }
        if (op instanceof StoreOp.ListNamespaces l) {
            return page(l, namespaces(l));
        }
        return null;
    }

    private boolean refresh(Boolean asked) {
        return asked != null ? asked : settings.ttl().refreshOnRead();
    }

    @Override
    public final int sweepExpired() {
        return deleteExpired(settings.clock().instant());
    }

    @Override
    public void stopSweeper() {
        Sweeper s = sweeper;
        if (s != null) {
            s.stop();
        }
    }

    @Override
    public void close() {
        stopSweeper();
    }

    /** Embeds each distinct query of the batch's searches once, before any write (as LangGraph). */
    private Map<String, float[]> embedQueries(List<? extends StoreOp> ops) {
        Map<String, float[]> out = new LinkedHashMap<>();
        IndexConfig index = settings.index();
        if (index == null) {
            return out;
        }
        for (StoreOp op : ops) {
            if (op instanceof StoreOp.Search s && s.query() != null && !out.containsKey(s.query())) {
                out.put(
                        s.query(),
                        Vectors.normalize(checked(index, index.embedder().embedQuery(s.query()))));
            }
        }
        return out;
    }

    private List<Write> prepare(List<? extends StoreOp> ops, Instant now) {
        Map<List<Object>, StoreOp.Put> last = new LinkedHashMap<>();
        for (StoreOp op : ops) {
            if (op instanceof StoreOp.Put p) {
                last.put(List.of(p.namespace(), p.key()), p);
            }
        }
        List<Write> writes = new ArrayList<>(last.size());
        List<List<String>> texts = new ArrayList<>(last.size());
        for (StoreOp.Put p : last.values()) {
            writes.add(convert(p, now));
            texts.add(texts(p, writes.get(writes.size() - 1).value()));
        }
        return embed(writes, texts);
    }

    private Write convert(StoreOp.Put p, Instant now) {
        if (p.value() == null) {
            return new Write(p.namespace(), p.key(), null, null, List.of(), null, null);
        }
        String json = json(p);
        @SuppressWarnings("unchecked")
        Map<String, Object> plain = (Map<String, Object>) serde.exactPlain(json.getBytes(StandardCharsets.UTF_8));
        Duration ttl =
                p.options().ttl() != null ? p.options().ttl() : settings.ttl().defaultTtl();
        return new Write(p.namespace(), p.key(), json, plain, List.of(), ttl, ttl == null ? null : now.plus(ttl));
    }

    /** The value as JSON text, checked to be an object within the limits, so nothing half-written is stored. */
    private String json(StoreOp.Put p) {
        try {
            JsonNode tree = serde.untypedTree(p.value());
            if (!tree.isObject()) {
                throw new IllegalArgumentException(where(p) + " must be a JSON object (a Map or a record), got "
                        + p.value().getClass().getSimpleName());
            }
            byte[] bytes = serde.encodeTree(tree);
            serde.decodeTree(bytes); // enforces the limits, as a later read will
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (SerdeException e) {
            throw new IllegalArgumentException(where(p) + " cannot be stored: " + e.getMessage(), e);
        }
    }

    private static String where(StoreOp.Put p) {
        return "value of key '" + p.key() + "' in namespace " + p.namespace();
    }

    private List<String> texts(StoreOp.Put p, Map<String, Object> value) {
        IndexConfig index = settings.index();
        if (index == null || value == null) {
            return List.of();
        }
        List<String> fields = p.options().index() != null ? p.options().index() : index.fields();
        List<String> out = new ArrayList<>();
        for (String field : fields) {
            out.addAll(FieldPath.parse(field).texts(value));
        }
        return out;
    }

    /** Embeds the distinct texts of all writes in one call, then hands each write its vectors. */
    private List<Write> embed(List<Write> writes, List<List<String>> texts) {
        Map<String, float[]> vectors = new LinkedHashMap<>();
        texts.forEach(ts -> ts.forEach(t -> vectors.put(t, null)));
        if (vectors.isEmpty()) {
            return writes;
        }
        IndexConfig index = settings.index();
        List<String> distinct = List.copyOf(vectors.keySet());
        List<float[]> embedded = index.embedder().embedDocuments(distinct);
        if (embedded.size() != distinct.size()) {
            throw new IllegalStateException(
                    "the embedder returned " + embedded.size() + " vectors for " + distinct.size() + " texts");
        }
        for (int i = 0; i < distinct.size(); i++) {
            vectors.put(distinct.get(i), Vectors.normalize(checked(index, embedded.get(i))));
        }
        List<Write> out = new ArrayList<>(writes.size());
        for (int i = 0; i < writes.size(); i++) {
            Write w = writes.get(i);
            List<float[]> vs = texts.get(i).stream().map(vectors::get).toList();
            out.add(new Write(w.namespace(), w.key(), w.json(), w.value(), vs, w.ttl(), w.expiresAt()));
        }
        return out;
    }

    private static float[] checked(IndexConfig index, float[] v) {
        if (v == null || v.length != index.dimensions()) {
            throw new IllegalStateException("the embedder returned a vector of " + (v == null ? "null" : v.length)
                    + " dimensions; the index expects " + index.dimensions());
        }
        return v;
    }

    /**
     * Finishes a listing: keeps the namespaces matching prefix and suffix (with wildcards),
     * truncates them to the maximum depth, removes duplicates, sorts, and takes the page.
     *
     * @param op the listing
     * @param candidates namespaces holding items
     * @return the page
     */
    protected static List<Namespace> page(StoreOp.ListNamespaces op, List<Namespace> candidates) {
        return candidates.stream()
                .filter(ns -> matches(ns.labels(), op.prefix().labels(), 0)
                        && matches(
                                ns.labels(),
                                op.suffix().labels(),
                                ns.depth() - op.suffix().depth()))
                .map(ns -> op.maxDepth() == null ? ns : ns.truncate(op.maxDepth()))
                .distinct()
                .sorted()
                .skip(op.offset())
                .limit(op.limit())
                .toList();
    }

    private static boolean matches(List<String> labels, List<String> pattern, int from) {
        if (from < 0 || from + pattern.size() > labels.size()) {
            return false;
        }
        for (int i = 0; i < pattern.size(); i++) {
            String p = pattern.get(i);
            if (!p.equals(Namespace.WILDCARD) && !p.equals(labels.get(from + i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The literal labels a listing's prefix starts with (up to its first wildcard), which SQL
     * stores can use to narrow their scan.
     *
     * @param op the listing
     * @return the literal leading labels
     */
    protected static Namespace literalPrefix(StoreOp.ListNamespaces op) {
        List<String> labels = op.prefix().labels();
        int n = labels.indexOf(Namespace.WILDCARD);
        return n < 0 ? op.prefix() : new Namespace(labels.subList(0, n));
    }

    /**
     * The TTL-extended expiry of an item read now.
     *
     * @param ttl the item's TTL
     * @param now the time
     * @return the new expiry
     */
    protected static Instant refreshed(Duration ttl, Instant now) {
        return now.plus(ttl);
    }
}
