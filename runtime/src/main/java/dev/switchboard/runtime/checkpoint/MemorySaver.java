package dev.switchboard.runtime.checkpoint;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps checkpoints in memory, for tests and for runs that need resume within one JVM. It stores
 * the same encoded form as the persistent savers (so values are isolated from later mutation) and
 * enforces the same head compare-and-set. Thread-safe; each thread's history is locked separately.
 */
public final class MemorySaver implements CheckpointSaver {
    private final Map<String, ThreadData> threads = new ConcurrentHashMap<>();
    private final Clock clock;

    /** Creates an empty saver. */
    public MemorySaver() {
        this(Clock.systemUTC());
    }

    /**
     * Creates an empty saver whose thread activity times come from {@code clock}, for tests of
     * the thread TTL.
     *
     * @param clock the clock
     */
    public MemorySaver(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    private record Entry(Checkpoint checkpoint, CheckpointMetadata metadata, String parentId) {}

    /** A pending write's place: a task's latest error or pause replaces the one stored there before. */
    private record WriteKey(String taskId, int index) {}

    private static final class History {
        final List<Entry> entries = new ArrayList<>();
        final Map<String, Entry> byId = new HashMap<>();
        /** Each channel's delta chains by the snapshot version they start from, oldest blob first. */
        final Map<String, Map<String, List<Blob>>> chains = new HashMap<>();

        final Map<String, Map<WriteKey, PendingWrite>> writes = new HashMap<>();
        String head;

        List<Blob> chain(String channel, String base) {
            Map<String, List<Blob>> bases = chains.get(channel);
            List<Blob> chain = bases == null ? null : bases.get(base);
            return chain == null ? List.of() : chain;
        }

        void addBlob(Blob b) {
            List<Blob> chain = chains.computeIfAbsent(b.channel(), k -> new HashMap<>())
                    .computeIfAbsent(b.base(), k -> new ArrayList<>(2));
            for (int i = 0; i < chain.size(); i++) {
                if (chain.get(i).version().equals(b.version())) {
                    return;
                }
            }
            chain.add(b);
        }
    }

    private static final class ThreadData {
        final Map<String, History> namespaces = new HashMap<>();
        final Map<String, Object> metadata = new LinkedHashMap<>();
        /** When the thread was first active; {@code null} for a record no operation has used yet. */
        Instant createdAt;

        Instant updatedAt;

        void touch(Instant now) {
            createdAt = createdAt == null ? now : createdAt;
            updatedAt = now;
        }

        ThreadInfo info(String threadId) {
            return new ThreadInfo(threadId, metadata, createdAt, updatedAt);
        }
    }

    @Override
    public void put(
            String threadId,
            String namespace,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        putStep(threadId, namespace, List.of(), checkpoint, metadata, parentId, expectedHead, newBlobs);
    }

    /** Stores both under the thread's lock, after every check: a failure stores neither. */
    @Override
    public void putStep(
            String threadId,
            String namespace,
            List<PendingWrite> writes,
            Checkpoint checkpoint,
            CheckpointMetadata metadata,
            String parentId,
            String expectedHead,
            List<Blob> newBlobs) {
        CheckpointKeys.checkPut(threadId, namespace, checkpoint, parentId, expectedHead, newBlobs);
        if (!writes.isEmpty()) {
            CheckpointKeys.checkWrites(threadId, namespace, parentId, writes);
        }
        Objects.requireNonNull(metadata, "metadata");
        ThreadData t = threads.computeIfAbsent(Objects.requireNonNull(threadId, "threadId"), k -> new ThreadData());
        synchronized (t) {
            History h =
                    t.namespaces.computeIfAbsent(Objects.requireNonNull(namespace, "namespace"), k -> new History());
            if (!Objects.equals(h.head, expectedHead)) {
                throw new ConcurrentRunException(threadId, expectedHead, h.head);
            }
            if (!writes.isEmpty() && !Objects.equals(h.head, parentId)) {
                throw new ConcurrentRunException(threadId, parentId, h.head);
            }
            if (h.byId.containsKey(checkpoint.id())) {
                throw new IllegalArgumentException("checkpoint " + checkpoint.id() + " is already stored");
            }
            if (!writes.isEmpty()) {
                addWrites(h, parentId, writes);
            }
            Entry e = new Entry(checkpoint, metadata, parentId);
            h.entries.add(e);
            h.byId.put(checkpoint.id(), e);
            for (int i = 0; i < newBlobs.size(); i++) {
                h.addBlob(newBlobs.get(i));
            }
            h.head = checkpoint.id();
            t.touch(clock.instant());
        }
    }

    @Override
    public void putWrites(String threadId, String namespace, String checkpointId, List<PendingWrite> writes) {
        CheckpointKeys.checkWrites(threadId, namespace, checkpointId, writes);
        ThreadData t = threads.computeIfAbsent(Objects.requireNonNull(threadId, "threadId"), k -> new ThreadData());
        synchronized (t) {
            History h = t.namespaces.get(namespace);
            String head = h == null ? null : h.head;
            if (!Objects.equals(head, checkpointId)) {
                throw new ConcurrentRunException(threadId, checkpointId, head);
            }
            addWrites(h, checkpointId, writes);
        }
    }

    private static void addWrites(History h, String checkpointId, List<PendingWrite> writes) {
        Map<WriteKey, PendingWrite> stored = h.writes.computeIfAbsent(checkpointId, k -> new LinkedHashMap<>());
        for (PendingWrite w : writes) {
            WriteKey key = new WriteKey(w.taskId(), w.index());
            if (w.index() < 0) {
                stored.put(key, w); // a task's latest error or pause replaces the previous one
            } else {
                stored.putIfAbsent(key, w);
            }
        }
    }

    @Override
    public Optional<CheckpointTuple> getTuple(String threadId, String namespace, String checkpointId) {
        CheckpointKeys.check("thread id", threadId);
        CheckpointKeys.check("namespace", namespace);
        CheckpointKeys.checkNullable("checkpoint id", checkpointId);
        ThreadData t = threads.get(threadId);
        if (t == null) {
            return Optional.empty();
        }
        synchronized (t) {
            History h = t.namespaces.get(Objects.requireNonNull(namespace, "namespace"));
            if (h == null) {
                return Optional.empty();
            }
            Entry e = h.byId.get(checkpointId == null ? h.head : checkpointId);
            return e == null ? Optional.empty() : Optional.of(tuple(threadId, namespace, h, e));
        }
    }

    @Override
    public List<CheckpointTuple> list(String threadId, String namespace, ListOptions options) {
        CheckpointKeys.check("thread id", threadId);
        CheckpointKeys.check("namespace", namespace);
        CheckpointKeys.checkNullable("checkpoint id", options.before());
        ThreadData t = threads.get(threadId);
        List<CheckpointTuple> out = new ArrayList<>();
        if (t == null || options.limit() == 0) {
            return out;
        }
        synchronized (t) {
            History h = t.namespaces.get(Objects.requireNonNull(namespace, "namespace"));
            if (h == null) {
                return out;
            }
            boolean open = options.before() == null;
            for (int i = h.entries.size() - 1; i >= 0; i--) {
                Entry e = h.entries.get(i);
                if (!open) {
                    open = e.checkpoint().id().equals(options.before());
                    continue;
                }
                if (e.metadata().matches(options.filter())) {
                    out.add(tuple(threadId, namespace, h, e));
                    if (options.limit() > 0 && out.size() == options.limit()) {
                        break;
                    }
                }
            }
        }
        return out;
    }

    @Override
    public void deleteThread(String threadId) {
        threads.remove(CheckpointKeys.check("thread id", threadId));
    }

    @Override
    public List<String> namespaces(String threadId) {
        ThreadData t = threads.get(CheckpointKeys.check("thread id", threadId));
        if (t == null) {
            return List.of();
        }
        synchronized (t) {
            return t.namespaces.entrySet().stream()
                    .filter(e -> e.getValue().head != null)
                    .map(Map.Entry::getKey)
                    .sorted()
                    .toList();
        }
    }

    @Override
    public Optional<ThreadInfo> getThread(String threadId) {
        ThreadData t = threads.get(CheckpointKeys.check("thread id", threadId));
        if (t == null) {
            return Optional.empty();
        }
        synchronized (t) {
            return t.createdAt == null ? Optional.empty() : Optional.of(t.info(threadId));
        }
    }

    @Override
    public List<ThreadInfo> listThreads(ThreadQuery query) {
        Objects.requireNonNull(query, "query");
        List<ThreadInfo> all = new ArrayList<>();
        for (Map.Entry<String, ThreadData> e : threads.entrySet()) {
            synchronized (e.getValue()) {
                if (e.getValue().createdAt != null) {
                    all.add(e.getValue().info(e.getKey()));
                }
            }
        }
        all.sort(ThreadInfos.NEWEST_FIRST);
        return query.page(all);
    }

    @Override
    public void updateThreadMetadata(String threadId, Map<String, ?> metadata) {
        Map<String, Object> checked = ThreadInfo.checkMetadata(metadata);
        ThreadData t = threads.computeIfAbsent(CheckpointKeys.check("thread id", threadId), k -> new ThreadData());
        synchronized (t) {
            t.metadata.putAll(checked);
            t.touch(clock.instant());
        }
    }

    @Override
    public int prune(String threadId, int keepLatest) {
        ThreadInfos.checkKeepLatest(keepLatest);
        ThreadData t = threads.get(CheckpointKeys.check("thread id", threadId));
        if (t == null) {
            return 0;
        }
        int deleted = 0;
        synchronized (t) {
            for (History h : t.namespaces.values()) {
                deleted += prune(h, keepLatest);
            }
        }
        return deleted;
    }

    /** Drops the older entries and every delta chain no kept checkpoint points into. */
    private static int prune(History h, int keepLatest) {
        int drop = Math.max(0, h.entries.size() - keepLatest);
        for (Entry e : h.entries.subList(0, drop)) {
            h.byId.remove(e.checkpoint().id());
            h.writes.remove(e.checkpoint().id());
        }
        h.entries.subList(0, drop).clear();
        Map<String, Set<String>> kept = new HashMap<>();
        for (Entry e : h.entries) {
            e.checkpoint()
                    .channels()
                    .forEach((channel, v) ->
                            kept.computeIfAbsent(channel, k -> new HashSet<>()).add(v.base()));
        }
        h.chains.keySet().retainAll(kept.keySet());
        h.chains.forEach((channel, bases) -> bases.keySet().retainAll(kept.get(channel)));
        h.chains.values().removeIf(Map::isEmpty);
        return drop;
    }

    @Override
    public int deleteThreadsInactiveSince(Instant cutoff) {
        Objects.requireNonNull(cutoff, "cutoff");
        int deleted = 0;
        for (Map.Entry<String, ThreadData> e : threads.entrySet()) {
            ThreadData t = e.getValue();
            synchronized (t) {
                if (t.updatedAt != null && t.updatedAt.isBefore(cutoff) && threads.remove(e.getKey(), t)) {
                    deleted++;
                }
            }
        }
        return deleted;
    }

    /** Sized as the persistent savers store the same rows: headers and metadata encoded, values and writes as held. */
    @Override
    public ThreadStorage storage(String threadId) {
        ThreadData t = threads.get(CheckpointKeys.check("thread id", threadId));
        Map<String, ThreadStorage.NamespaceStorage> out = new HashMap<>();
        if (t != null) {
            synchronized (t) {
                t.namespaces.forEach((ns, h) -> {
                    if (h.head != null) {
                        out.put(ns, storage(h));
                    }
                });
            }
        }
        return new ThreadStorage(threadId, out);
    }

    private static ThreadStorage.NamespaceStorage storage(History h) {
        long checkpointBytes = 0;
        for (Entry e : h.entries) {
            checkpointBytes += CheckpointJson.storedBytes(e.checkpoint(), e.metadata());
        }
        Map<String, ThreadStorage.ChannelStorage> channels = new HashMap<>();
        h.chains
                .values()
                .forEach(bases -> bases.values()
                        .forEach(chain -> chain.forEach(b -> channels.merge(
                                b.channel(),
                                ThreadStorage.ChannelStorage.NONE.plusValue(b.kind(), b.data().length),
                                ThreadStorage.ChannelStorage::plus))));
        h.writes
                .values()
                .forEach(writes -> writes.values()
                        .forEach(w -> channels.merge(
                                w.channel(),
                                ThreadStorage.ChannelStorage.NONE.plusWrite(w.value().length),
                                ThreadStorage.ChannelStorage::plus)));
        return new ThreadStorage.NamespaceStorage(h.entries.size(), checkpointBytes, channels);
    }

    private static CheckpointTuple tuple(String threadId, String namespace, History h, Entry e) {
        List<Blob> blobs = new ArrayList<>();
        for (Map.Entry<String, ChannelVersion> c : e.checkpoint().channels().entrySet()) {
            blobs.addAll(h.chain(c.getKey(), c.getValue().base()));
        }
        Map<WriteKey, PendingWrite> writes =
                h.writes.getOrDefault(e.checkpoint().id(), Map.of());
        return new CheckpointTuple(
                threadId,
                namespace,
                e.checkpoint(),
                e.metadata(),
                e.parentId(),
                blobs,
                new ArrayList<>(writes.values()));
    }
}
