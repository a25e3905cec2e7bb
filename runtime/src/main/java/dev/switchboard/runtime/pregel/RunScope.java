package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.RunInfo;
import dev.switchboard.runtime.TaskInfo;
import dev.switchboard.runtime.spi.NodeDispatcher;
import dev.switchboard.runtime.store.Store;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * What the parts of one run share and never change: the graph and how to call its nodes, the
 * config, where events go, the checkpointer, cancellation, the run's resume values and, for a
 * subgraph, its namespace. Nodes' contexts, task writes and attempts read it instead of the loop,
 * so each can also serve the state API, which has no loop.
 */
final class RunScope {
    final GraphSpec spec;
    final NodeDispatcher dispatcher;
    final Executor executor;
    final NodePolicies policies;
    final RunConfig config;
    final EventSink sink;
    /** The sink of the root graph's run, which message chunks from any depth reach. */
    final EventSink rootSink;
    /** The checkpointer of this run, or {@code null}. */
    final Persistence persistence;

    final Cancellation cancellation;
    final Resumes resumes;
    /** The subgraph's namespace under its root graph, one {@code node:taskId} per level; empty for a root. */
    final List<String> namespacePath;
    /** Whether this is a subgraph's run, inside a task of its parent. */
    final boolean nested;
    /** The run's listeners (its graph's, and its parent run's), or null when nobody listens. */
    final Listeners listeners;
    /** What listeners are told about this run; null when nobody listens. */
    final RunInfo run;
    /** The store nodes reach: the graph's own, else its parent run's (as LangGraph passes it down); may be null. */
    private final Store store;
    /**
     * The run's channels, from which a task reads the graph's state on request ({@code
     * NodeContext.state()}); set once by the run's task runner, null for a scope no run executes.
     * Kept here rather than on each execution so a superstep allocates nothing for it.
     */
    ChannelState channels;

    RunScope(
            GraphSpec spec,
            NodeDispatcher dispatcher,
            Executor executor,
            NodePolicies policies,
            RunConfig config,
            EventSink sink,
            Persistence persistence,
            Cancellation cancellation,
            RunScope parent,
            List<String> namespacePath) {
        this.spec = spec;
        this.dispatcher = dispatcher;
        this.executor = executor;
        this.policies = policies;
        this.config = config;
        this.sink = sink;
        this.persistence = persistence;
        this.cancellation = cancellation;
        this.nested = parent != null;
        this.rootSink = parent == null ? sink : parent.rootSink;
        this.namespacePath = List.copyOf(namespacePath);
        this.resumes = new Resumes(spec, persistence == null ? "" : persistence.namespace);
        this.listeners = Listeners.nested(
                parent == null ? null : parent.listeners, policies == null ? null : policies.listeners);
        Store own = policies == null ? null : policies.store;
        this.store = own != null || parent == null ? own : parent.store;
        this.run = listeners == null
                ? null
                : new RunInfo(
                        Uuids.next().toString(),
                        spec.name(),
                        persistence == null ? config.threadId().orElse(null) : persistence.threadId,
                        this.namespacePath,
                        parent == null || parent.run == null ? null : parent.run.runId());
    }

    /** The run's store, for {@code ctx.store()}. */
    Store store() {
        if (store == null) {
            throw new IllegalStateException("graph '" + spec.name() + "' has no store: build it with"
                    + " .store(store) (for example .store(new InMemoryStore())) to use ctx.store() in its nodes");
        }
        return store;
    }

    /** What listeners are told about a task's current attempt; only called when someone listens. */
    TaskInfo taskInfo(Task t, int attempt, int step, String checkpointId) {
        return new TaskInfo(run, t.name, step, t.id(), attempt, RunEvents.triggerNames(spec, t), checkpointId);
    }
}
