package dev.switchboard.runtime.pregel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The owner of every thread pool the runtime creates; no other class starts threads of its own.
 * All pools are shared by every graph in the JVM, unbounded and made of daemon threads: unbounded
 * because nodes typically block on I/O (model calls, tools) and a node may run a subgraph that needs
 * threads of its own, so a bounded pool could deadlock on nesting; daemon so that an application
 * that forgets a run still exits. A cached pool holds no thread until first used, and lets idle
 * threads go after a minute. Thread names say which pool a thread belongs to.
 */
final class RuntimePools {
    private static final AtomicInteger COUNT = new AtomicInteger();

    /** Runs node tasks of graphs built without their own executor ({@code switchboard-task-N}). */
    static final ExecutorService TASKS = pool("switchboard-task-");

    /** Runs asynchronous invocations and delivers published stream events ({@code switchboard-run-N}). */
    static final ExecutorService RUNS = pool("switchboard-run-");

    /** Drives the loop behind a pull-based stream ({@code switchboard-stream-N}). */
    static final ExecutorService STREAMS = pool("switchboard-stream-");

    /** Stores checkpoints in the background under async durability ({@code switchboard-checkpoint-N}). */
    static final ExecutorService CHECKPOINTS = pool("switchboard-checkpoint-");

    /** Runs nodes that have a timeout, so that the task's thread can stop waiting ({@code switchboard-timed-N}). */
    static final ExecutorService TIMED = pool("switchboard-timed-");

    private RuntimePools() {}

    /**
     * Starts the one thread that watches steps run on their caller ({@code switchboard-watch}); see
     * {@link InlineWatch}. A daemon, like every runtime thread.
     */
    static Thread startWatch(Runnable watch) {
        Thread t = new Thread(watch, "switchboard-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static ExecutorService pool(String prefix) {
        return Executors.newCachedThreadPool(daemon(prefix));
    }

    private static ThreadFactory daemon(String prefix) {
        return r -> {
            Thread t = new Thread(r, prefix + COUNT.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
