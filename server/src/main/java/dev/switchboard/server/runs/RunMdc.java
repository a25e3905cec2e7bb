package dev.switchboard.server.runs;

import dev.switchboard.server.rows.RunRow;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.MDC;

/**
 * The SLF4J MDC keys a run's log lines carry, so that a node's own {@code LOG.info(...)} is told
 * apart by run in any backend ({@code %X{run_id}} in a Logback pattern, {@code
 * mdc.run_id} in JSON encoders): {@link #RUN_ID}, {@link #THREAD_ID}, {@link #ASSISTANT_ID}, {@link
 * #GRAPH_ID}. The server sets them on the thread that drives a run, for as long as it runs, and,
 * through {@link #executor}, on the executor threads that run a superstep's parallel tasks: a
 * graph registered with its builder gets that executor by itself; a graph given already built gets
 * the keys on its parallel tasks when its builder was given {@code RunMdc.executor(...)}.
 */
public final class RunMdc {
    /** The run's id. */
    public static final String RUN_ID = "run_id";
    /** The run's thread (conversation) id. */
    public static final String THREAD_ID = "thread_id";
    /** The assistant the run was started with. */
    public static final String ASSISTANT_ID = "assistant_id";
    /** The graph the run executes. */
    public static final String GRAPH_ID = "graph_id";

    private static final String[] KEYS = {RUN_ID, THREAD_ID, ASSISTANT_ID, GRAPH_ID};

    private RunMdc() {}

    /** Runs the parallel tasks of served graphs built without an executor of their own. */
    private static final class Tasks {
        private static final AtomicInteger COUNT = new AtomicInteger();
        static final Executor POOL = executor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "switchboard-server-task-" + COUNT.incrementAndGet());
            t.setDaemon(true); // as the runtime's own task pool: a forgotten run does not keep the JVM
            return t;
        }));
    }

    /**
     * {@link #executor(Executor)} on an unbounded pool of daemon threads, as the runtime's default
     * task pool is (nodes block on I/O and may nest subgraphs): what a served graph built without
     * an executor of its own gets.
     *
     * @return the shared decorated pool
     */
    public static Executor executor() {
        return Tasks.POOL;
    }

    /**
     * An executor that runs each task on {@code delegate} with the run keys of the thread that
     * submitted it (the run's thread, when the runtime hands a superstep's tasks to helpers), and
     * puts the helper's own back afterwards. It reads four MDC entries per submission and allocates
     * one small task; nothing when no run key is set.
     *
     * @param delegate where tasks run
     * @return the decorated executor
     */
    public static Executor executor(Executor delegate) {
        Objects.requireNonNull(delegate, "delegate");
        return task -> {
            String run = MDC.get(RUN_ID);
            if (run == null) {
                delegate.execute(task);
                return;
            }
            String[] values = {run, MDC.get(THREAD_ID), MDC.get(ASSISTANT_ID), MDC.get(GRAPH_ID)};
            delegate.execute(() -> {
                String[] before = set(values);
                try {
                    task.run();
                } finally {
                    set(before);
                }
            });
        };
    }

    /** Sets the run's keys on this thread; answers what they were, for {@link #restore}. */
    static String[] enter(RunRow run) {
        return set(new String[] {
            run.id(), run.threadId(), run.assistantId(), run.graph().graphId()
        });
    }

    /** Puts back the keys {@link #enter} replaced. */
    static void restore(String[] before) {
        set(before);
    }

    private static String[] set(String[] values) {
        String[] before = new String[KEYS.length];
        for (int i = 0; i < KEYS.length; i++) {
            before[i] = MDC.get(KEYS[i]);
            if (values[i] == null) {
                MDC.remove(KEYS[i]);
            } else {
                MDC.put(KEYS[i], values[i]);
            }
        }
        return before;
    }
}
