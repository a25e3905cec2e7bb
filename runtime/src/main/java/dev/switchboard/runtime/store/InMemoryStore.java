package dev.switchboard.runtime.store;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A {@link Store} in this JVM's memory, LangGraph's {@code InMemoryStore}: for tests, and for one
 * process that can lose its memory on restart. Values are kept as their JSON text, so an item read
 * back is always a fresh copy (changing a value after putting it changes nothing stored). Search
 * is exact: every candidate under the prefix is filtered and, with a query, scored.
 */
public final class InMemoryStore extends AbstractStore {
    /** One stored item. The expiry changes on reads that refresh it, under the read lock. */
    private static final class Entry {
        final String json;
        final Map<String, Object> value;
        final List<float[]> vectors;
        final Instant createdAt;
        final Instant updatedAt;
        final Duration ttl;
        volatile Instant expiresAt;

        Entry(Write w, Instant createdAt, Instant now) {
            this.json = w.json();
            this.value = w.value();
            this.vectors = w.vectors();
            this.createdAt = createdAt;
            this.updatedAt = now;
            this.ttl = w.ttl();
            this.expiresAt = w.expiresAt();
        }

        boolean live(Instant now) {
            Instant e = expiresAt;
            return e == null || e.isAfter(now);
        }
    }

    /** A search candidate: where it lives and what it holds. */
    private record Candidate(Namespace namespace, String key, Entry entry) {}

    private final Map<Namespace, LinkedHashMap<String, Entry>> data = new LinkedHashMap<>();
    private final ReadWriteLock lock = new ReentrantReadWriteLock();

    /** A store with no index, no TTL, default limits. */
    public InMemoryStore() {
        this(StoreSettings.DEFAULTS);
    }

    /**
     * A store with settings.
     *
     * @param settings index, TTL, limits and clock
     */
    public InMemoryStore(StoreSettings settings) {
        super(settings);
        startSweeper();
    }

    @Override
    protected Item read(Namespace namespace, String key, Instant now, boolean refreshTtl) {
        lock.readLock().lock();
        try {
            Map<String, Entry> items = data.get(namespace);
            Entry e = items == null ? null : items.get(key);
            return e == null || !e.live(now) ? null : item(new Candidate(namespace, key, e), null, now, refreshTtl);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    protected List<Item> search(SearchPlan plan, Instant now) {
        lock.readLock().lock();
        try {
            List<Candidate> matching = new ArrayList<>();
            data.forEach((ns, items) -> {
                if (ns.startsWith(plan.prefix())) {
                    items.forEach((key, e) -> {
                        if (e.live(now) && plan.filter().matches(e.value)) {
                            matching.add(new Candidate(ns, key, e));
                        }
                    });
                }
            });
            return plan.query() == null ? page(matching, plan, now) : ranked(matching, plan, now);
        } finally {
            lock.readLock().unlock();
        }
    }

    private List<Item> page(List<Candidate> matching, SearchPlan plan, Instant now) {
        return matching.stream()
                .skip(plan.offset())
                .limit(plan.limit())
                .map(c -> item(c, null, now, plan.refreshTtl()))
                .toList();
    }

    private List<Item> ranked(List<Candidate> matching, SearchPlan plan, Instant now) {
        List<Candidate> withVectors = new ArrayList<>();
        List<Candidate> without = new ArrayList<>();
        matching.forEach(c -> (c.entry.vectors.isEmpty() ? without : withVectors).add(c));
        List<Item> all = new ArrayList<>(matching.size());
        int end = (int) Math.min((long) plan.offset() + plan.limit(), matching.size());
        for (Vectors.Scored<Candidate> s : Vectors.rank(withVectors, c -> c.entry.vectors, plan.query())) {
            all.add(
                    all.size() < plan.offset() || all.size() >= end
                            ? null
                            : item(s.candidate(), s.score(), now, plan.refreshTtl()));
        }
        for (Candidate c : without) {
            all.add(all.size() < plan.offset() || all.size() >= end ? null : item(c, null, now, plan.refreshTtl()));
        }
        return plan.offset() >= end ? List.of() : all.subList(plan.offset(), end);
    }

    private Item item(Candidate c, Double score, Instant now, boolean refreshTtl) {
        Entry e = c.entry;
        if (refreshTtl && e.ttl != null) {
            e.expiresAt = refreshed(e.ttl, now);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> copy = (Map<String, Object>) serde.exactPlain(e.json.getBytes(StandardCharsets.UTF_8));
        return new Item(c.namespace, c.key, copy, e.createdAt, e.updatedAt, score, serde);
    }

    @Override
    protected List<Namespace> namespaces(StoreOp.ListNamespaces op) {
        lock.readLock().lock();
        try {
            return List.copyOf(data.keySet());
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    protected void write(List<Write> writes, Instant now) {
        lock.writeLock().lock();
        try {
            writes.forEach(w -> apply(w, now));
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void apply(Write w, Instant now) {
        LinkedHashMap<String, Entry> items = data.computeIfAbsent(w.namespace(), ns -> new LinkedHashMap<>());
        Entry old = items.get(w.key());
        if (old != null && (w.json() == null || !old.live(now))) {
            // An expired item is gone: a new put starts afresh, at the end, with a new creation time.
            items.remove(w.key());
            old = null;
        }
        if (w.json() != null) {
            items.put(w.key(), new Entry(w, old == null ? now : old.createdAt, now));
        }
        if (items.isEmpty()) {
            data.remove(w.namespace());
        }
    }

    @Override
    protected int deleteExpired(Instant now) {
        lock.writeLock().lock();
        try {
            int deleted = 0;
            for (Iterator<LinkedHashMap<String, Entry>> ns = data.values().iterator(); ns.hasNext(); ) {
                LinkedHashMap<String, Entry> items = ns.next();
                int before = items.size();
                items.values().removeIf(e -> !e.live(now));
                deleted += before - items.size();
                if (items.isEmpty()) {
                    ns.remove();
                }
            }
            return deleted;
        } finally {
            lock.writeLock().unlock();
        }
    }
}
