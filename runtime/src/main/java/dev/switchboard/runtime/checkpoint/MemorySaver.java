package dev.switchboard.runtime.checkpoint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps checkpoints in memory, for tests and for runs that need resume within one JVM. It stores
 * the same encoded form as the persistent savers (so values are isolated from later mutation) and
 * enforces the same head compare-and-set. Thread-safe; each thread's history is locked separately.
 */
public final class MemorySaver implements CheckpointSaver {
    private final Map<String, ThreadData> threads = new ConcurrentHashMap<>();

    /** Creates an empty saver. */
    public MemorySaver() {}

    private record Entry(Checkpoint checkpoint, CheckpointMetadata metadata, String parentId) {}

    private static final class History {
        final List<Entry> entries = new ArrayList<>();
        final Map<String, Entry> byId = new HashMap<>();
        final Map<String, List<Blob>> chains = new HashMap<>();
        final Map<String, Map<String, PendingWrite>> writes = new HashMap<>();
        String head;
    }

    private static final class ThreadData {
        final Map<String, History> namespaces = new HashMap<>();
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
        CheckpointKeys.checkPut(threadId, namespace, checkpoint, parentId, expectedHead, newBlobs);
        Objects.requireNonNull(metadata, "metadata");
        ThreadData t = threads.computeIfAbsent(Objects.requireNonNull(threadId, "threadId"), k -> new ThreadData());
        synchronized (t) {
            History h =
                    t.namespaces.computeIfAbsent(Objects.requireNonNull(namespace, "namespace"), k -> new History());
            if (!Objects.equals(h.head, expectedHead)) {
                throw new ConcurrentRunException(threadId, expectedHead, h.head);
            }
            if (h.byId.containsKey(checkpoint.id())) {
                throw new IllegalArgumentException("checkpoint " + checkpoint.id() + " is already stored");
            }
            Entry e = new Entry(checkpoint, metadata, parentId);
            h.entries.add(e);
            h.byId.put(checkpoint.id(), e);
            for (Blob b : newBlobs) {
                List<Blob> chain = h.chains.computeIfAbsent(key(b.channel(), b.base()), k -> new ArrayList<>());
                if (chain.stream().noneMatch(x -> x.version().equals(b.version()))) {
                    chain.add(b);
                }
            }
            h.head = checkpoint.id();
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
            Map<String, PendingWrite> stored = h.writes.computeIfAbsent(checkpointId, k -> new LinkedHashMap<>());
            for (PendingWrite w : writes) {
                String key = w.taskId() + '\u0000' + w.index();
                if (w.index() < 0) {
                    stored.put(key, w); // a task's latest error or pause replaces the previous one
                } else {
                    stored.putIfAbsent(key, w);
                }
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

    private static CheckpointTuple tuple(String threadId, String namespace, History h, Entry e) {
        List<Blob> blobs = new ArrayList<>();
        for (Map.Entry<String, ChannelVersion> c : e.checkpoint().channels().entrySet()) {
            blobs.addAll(h.chains.getOrDefault(key(c.getKey(), c.getValue().base()), List.of()));
        }
        Map<String, PendingWrite> writes = h.writes.getOrDefault(e.checkpoint().id(), Map.of());
        return new CheckpointTuple(
                threadId,
                namespace,
                e.checkpoint(),
                e.metadata(),
                e.parentId(),
                blobs,
                new ArrayList<>(writes.values()));
    }

    private static String key(String channel, String base) {
        return channel + '\u0000' + base;
    }
}
