package dev.switchboard.server.protocol;

import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.RunPipeline;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@link ThreadChannel} of each thread a protocol client touched in this JVM, made on first
 * use. A channel also follows the protocol runs of its thread that it did not start (a run started
 * through another JVM of a shared queue, or before this server restarted, or before a client
 * reloaded its page): whoever opens a stream or sends a command on a thread sees its active run.
 */
public final class ThreadChannels implements AutoCloseable {
    private final Registry registry;
    private final RunPipeline pipeline;
    private final Map<String, ThreadChannel> channels = new ConcurrentHashMap<>();
    private final ExecutorService pumps;

    /**
     * The channels of a server.
     *
     * @param registry its rows
     * @param pipeline its runs
     */
    public ThreadChannels(Registry registry, RunPipeline pipeline) {
        this.registry = registry;
        this.pipeline = pipeline;
        AtomicInteger n = new AtomicInteger();
        this.pumps = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "switchboard-protocol-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * A thread's channel, following the thread's active protocol runs.
     *
     * @param thread the thread
     * @return its channel
     */
    public ThreadChannel channel(ThreadRow thread) {
        ThreadChannel c = channels.computeIfAbsent(thread.id(), id -> new ThreadChannel(id, pipeline::feed, pumps));
        for (String runId : pipeline.active(thread)) {
            RunRow run = registry.run(thread.id(), runId);
            if (run != null && run.protocol()) {
                c.follow(run);
            }
        }
        return c;
    }

    /**
     * A channel when the thread may not exist yet (a command that creates it).
     *
     * @param threadId the thread's id
     * @return its channel
     */
    public ThreadChannel channel(String threadId) {
        return channels.computeIfAbsent(threadId, id -> new ThreadChannel(id, pipeline::feed, pumps));
    }

    /**
     * Forgets a deleted thread's channel.
     *
     * @param threadId the thread's id
     */
    public void forget(String threadId) {
        channels.remove(threadId);
    }

    /** Stops following runs. */
    @Override
    public void close() {
        pumps.shutdownNow();
    }
}
