package dev.switchboard.server.protocol;

import dev.switchboard.server.rows.Registry;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import dev.switchboard.server.runs.EventFeed;
import dev.switchboard.server.runs.RunPipeline;
import java.time.Duration;
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
 * Past {@code KEEP} channels, those nobody has used for {@code LINGER} (no subscriber, no run
 * followed) are let go of, so memory does not grow with every thread a client ever streamed; a
 * thread's events are replayed while its channel is kept, as LangGraph keeps them in memory.
 */
public final class ThreadChannels implements AutoCloseable {
    private final Registry registry;
    private final RunPipeline pipeline;
    /** How many channels are kept before idle ones are let go. */
    static final int KEEP = 1_000;

    /** How long a channel nobody uses is kept past {@link #KEEP}. */
    static final Duration LINGER = Duration.ofMinutes(5);

    private final Map<String, ThreadChannel> channels = new ConcurrentHashMap<>();
    private final int keep;
    private final Duration linger;
    /** The count past which the next call lets go of idle channels. */
    private volatile int limit;

    private final ExecutorService pumps;

    /**
     * The channels of a server.
     *
     * @param registry its rows
     * @param pipeline its runs
     */
    public ThreadChannels(Registry registry, RunPipeline pipeline) {
        this(registry, pipeline, KEEP, LINGER);
    }

    ThreadChannels(Registry registry, RunPipeline pipeline, int keep, Duration linger) {
        this.keep = keep;
        this.linger = linger;
        this.limit = keep;
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
        ThreadChannel c = channel(thread.id());
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
        if (channels.size() > limit) {
            long before = System.nanoTime() - linger.toNanos();
            channels.values().removeIf(c -> c.idleSince(before));
            limit = Math.max(keep, 2 * channels.size());
        }
        ThreadChannel c = channels.computeIfAbsent(threadId, id -> new ThreadChannel(id, this::feed, pumps));
        c.touch();
        return c;
    }

    private EventFeed feed(RunRow run) {
        return pipeline.feed(run);
    }

    /** @return how many channels are kept, for tests */
    int size() {
        return channels.size();
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
