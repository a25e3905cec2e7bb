package dev.switchboard.server.http;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Whether the heap is too full to take more work: what the last garbage collection left in use,
 * against the heap's maximum. Past the fraction the server sheds load (503) until a collection
 * frees enough; while it sheds and no collection comes by itself (no new work allocates), it asks
 * for one every few seconds so that it notices the runs' memory was let go. Only garbage
 * collections of the JVM's own report are read: nothing is polled on a request's path.
 */
public final class HeapGuard implements AutoCloseable {
    private static final long NUDGE_MILLIS = 2_000;

    private final double fraction;
    private final long max = Runtime.getRuntime().maxMemory();
    private final Set<String> heapPools = new HashSet<>();
    private final AtomicLong lastGc = new AtomicLong(System.currentTimeMillis());
    private final AtomicLong lastNudge = new AtomicLong();
    private final NotificationListener listener = this::collected;
    private final Set<NotificationEmitter> emitters = new HashSet<>();
    private volatile boolean full;

    /**
     * A guard.
     *
     * @param fraction of the heap's maximum left in use after a collection past which load is shed;
     *     1 or more never sheds
     */
    public HeapGuard(double fraction) {
        this.fraction = fraction;
        if (fraction >= 1 || max == Long.MAX_VALUE) {
            return;
        }
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                heapPools.add(pool.getName());
            }
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                emitters.add(emitter);
            }
        }
    }

    /**
     * Whether to refuse new work now.
     *
     * @return true while the heap stays fuller than the fraction after collections
     */
    public boolean shedding() {
        if (!full) {
            return false;
        }
        long now = System.currentTimeMillis();
        long nudged = lastNudge.get();
        if (now - lastGc.get() > NUDGE_MILLIS && now - nudged > NUDGE_MILLIS && lastNudge.compareAndSet(nudged, now)) {
            System.gc(); // no work allocates while shedding: without a collection nothing would tell it is over
        }
        return full;
    }

    private void collected(Notification n, Object handback) {
        if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool :
                info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        lastGc.set(System.currentTimeMillis());
        full = used > fraction * max;
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(listener);
            } catch (javax.management.ListenerNotFoundException gone) {
                // already removed
            }
        }
    }
}
