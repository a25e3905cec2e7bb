package dev.switchboard.runtime.pregel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The executor graphs use unless given one: a shared, unbounded pool of daemon threads. Unbounded
 * because nodes typically block on I/O (model calls, tools) and because a node may run a subgraph
 * that needs threads of its own; a bounded pool could deadlock on nesting.
 */
final class DefaultExecutor {
    private static final AtomicInteger COUNT = new AtomicInteger();

    static final ExecutorService INSTANCE = Executors.newCachedThreadPool(daemon("switchboard-task-"));

    private DefaultExecutor() {}

    static ThreadFactory daemon(String prefix) {
        return r -> {
            Thread t = new Thread(r, prefix + COUNT.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
