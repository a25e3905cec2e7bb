package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.HistoryEntry;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeUpdate;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The state API on a {@link StoredState}, a checkpoint restored without a run: snapshots of a
 * checkpoint (with the next tasks and what those that already ran wrote), and updates applied as if
 * a node had returned them (LangGraph's {@code update_state}: the node's edges and routes run, the
 * node itself does not).
 */
final class Snapshots {
    private Snapshots() {}

    /**
     * The channels that decide which tasks come next (every node's triggers and the {@code Send}
     * topic): all that a history listing decodes.
     */
    static boolean[] controlChannels(GraphSpec spec) {
        boolean[] control = new boolean[spec.channels.length];
        for (int[] triggers : spec.triggers) {
            for (int c : triggers) {
                control[c] = true;
            }
        }
        control[spec.tasksChannel] = true;
        return control;
    }

    /** A history entry of a checkpoint restored with its control channels only. */
    static <S> HistoryEntry<S> entry(StoredState at, Supplier<StateSnapshot<S>> decode) {
        return new HistoryEntry<>(
                config(at),
                at.cursor.parentCheckpointId,
                at.cursor.metadata,
                at.cursor.createdAt,
                Task.names(Task.declarationOrder(at.nextTasks())),
                decode);
    }

    /** The configuration of a stored checkpoint, in its namespace (a subgraph's, or the root). */
    static RunConfig config(StoredState at) {
        return RunConfig.thread(at.persistence.threadId)
                .withCheckpointNamespace(at.persistence.namespace)
                .withCheckpointId(at.cursor.checkpointId);
    }

    /** The snapshot of a checkpoint as stored, without its pending writes applied. */
    static <S> StateSnapshot<S> of(StoredState at) {
        return build(at, false, null, null, null);
    }

    /**
     * The snapshot of a loaded checkpoint; at the head, with the writes of tasks that finished in
     * an unfinished superstep applied. If applying them fails (the superstep failed at its barrier:
     * conflicting writes, a reducer that throws), the snapshot of {@code reload}'s fresh copy of
     * the checkpoint is returned instead, with those tasks still next and the failure attached to
     * each of them: the first debugging call must show the failure, not raise it; resuming raises
     * it again.
     *
     * @param subgraphs the run scope whose subgraph nodes' states to include, or {@code null}
     */
    static <S> StateSnapshot<S> of(
            StoredState at, boolean applyPendingWrites, RunScope subgraphs, Supplier<StoredState> reload) {
        return build(at, applyPendingWrites, subgraphs, reload, null);
    }

    @SuppressWarnings("unchecked")
    private static <S> StateSnapshot<S> build(
            StoredState at,
            boolean applyPendingWrites,
            RunScope subgraphs,
            Supplier<StoredState> reload,
            StateSnapshot.TaskError barrierError) {
        GraphSpec spec = at.spec;
        String thread = at.persistence.threadId;
        if (!at.cursor.hasState) {
            return new StateSnapshot<>(
                    (S) at.state.readState(),
                    Map.of(),
                    List.of(),
                    RunConfig.thread(thread),
                    null,
                    null,
                    null,
                    List.of());
        }
        List<Task> tasks = Task.declarationOrder(at.nextTasks());
        Map<String, StoredTask> stored = at.persistence.records.decode(at.cursor.storedWrites);
        List<Task> finished = new ArrayList<>();
        List<StateSnapshot.PregelTask> infos = new ArrayList<>();
        List<String> next = new ArrayList<>();
        for (Task t : tasks) {
            StoredTask s = stored.get(t.id());
            Map<String, Object> writes = replayWrites(spec, t, s);
            // As LangGraph: only the head's snapshot counts finished tasks as done; an older
            // checkpoint shows every task it led to.
            if (applyPendingWrites && writes != null) {
                finished.add(t);
            } else if (!(applyPendingWrites && s != null && !s.resumes.isEmpty())) {
                // LangGraph lists only tasks without writes, and a resume value is one: a task
                // waiting at its second interrupt is not next (scenarios 40 and 45).
                next.add(t.name);
            }
            StateSnapshot.TaskError error = s == null ? null : s.error();
            infos.add(info(at, t, s, writes, error == null && writes != null ? barrierError : error, subgraphs));
        }
        if (applyPendingWrites && !finished.isEmpty()) {
            try {
                at.state.apply(Task.applyOrder(finished), true, null);
            } catch (RuntimeException e) {
                // The failed apply left the channels half-updated: read the checkpoint again.
                return build(reload.get(), false, subgraphs, null, Codecs.taskError(e));
            }
        }
        return new StateSnapshot<>(
                (S) at.state.readState(),
                at.state.streamValues(),
                next,
                config(at),
                at.cursor.parentCheckpointId,
                at.cursor.metadata,
                at.cursor.createdAt,
                infos);
    }

    /** Adds a finished task's stored writes to it; returns its state writes, or {@code null} if it did not finish. */
    private static Map<String, Object> replayWrites(GraphSpec spec, Task t, StoredTask s) {
        if (s == null || !s.finished) {
            return null;
        }
        s.addWritesTo(t);
        return RunEvents.stateWrites(spec, t);
    }

    private static StateSnapshot.PregelTask info(
            StoredState at,
            Task t,
            StoredTask s,
            Map<String, Object> writes,
            StateSnapshot.TaskError error,
            RunScope subgraphs) {
        return new StateSnapshot.PregelTask(
                t.id(),
                t.name,
                t.path(),
                error,
                writes,
                s == null ? List.of() : s.interrupts(),
                subgraphs != null && at.spec.subgraph[t.node] ? subgraphState(subgraphs, at, t) : null);
    }

    /** The state of a subgraph node's subgraph under its task's namespace, or {@code null}. */
    private static StateSnapshot<?> subgraphState(RunScope scope, StoredState at, Task t) {
        int stop = at.cursor.step + scope.config.recursionLimit() + 1;
        PregelGraph<?, ?, ?> child =
                NodeAttempts.subgraphOf(scope, t, TaskContext.outsideRun(scope, t, at.cursor.step, stop));
        if (child == null) {
            return null;
        }
        List<String> namespace = Subgraphs.namespace(scope, t, 0);
        RunScope childScope = child.childScope(scope, namespace, EventSink.NONE);
        Supplier<StoredState> load = () -> child.storedState(childScope);
        StoredState childState = load.get();
        return childState.cursor.hasState ? of(childState, true, childScope, load) : null;
    }

    /**
     * Applies one superstep of updates, each as if its node had returned it; returns the new
     * checkpoint's id. An update without a node is attributed to the node that wrote last.
     */
    static String update(StoredState at, RunScope scope, List<NodeUpdate> updates) {
        if (updates.isEmpty()) {
            throw new IllegalArgumentException("a superstep of updates needs at least one update");
        }
        GraphSpec spec = at.spec;
        if (!at.cursor.hasState) {
            at.cursor.step = 0;
        }
        // Routes run as the node would in a run resumed from here, so managed values see that budget.
        int stop = at.cursor.step + scope.config.recursionLimit() + 1;
        TaskIds.Scope ids = at.cursor.taskIds(spec, at.persistence);
        List<Task> prepared = at.nextTasks();
        TaskWrites writes = new TaskWrites(scope, at.state);
        List<Task> applied = new ArrayList<>();
        for (NodeUpdate u : updates) {
            int node = resolve(at, u.asNode(), updates.size());
            boolean pulled = prepared.stream().anyMatch(p -> p.node == node && !p.isPush());
            Task t = Task.synthetic(node, spec.nodeNames[node], pulled ? ids : null);
            writes.writeAs(t, u.update(), TaskContext.outsideRun(scope, t, at.cursor.step, stop));
            applied.add(t);
        }
        applied.sort(Comparator.comparing(t -> t.name));
        at.state.apply(applied, true, at.persistence);
        at.cursor.checkpoint(Source.UPDATE, at.state, at.persistence, withAsNode(scope.config.metadata(), applied));
        at.persistence.flush();
        return at.cursor.checkpointId;
    }

    /**
     * The run's metadata plus {@code as_node}: the node an update was applied as (several: sorted,
     * comma-separated), since it is chosen here when the caller gave none and a history shows who wrote.
     */
    private static Map<String, Object> withAsNode(Map<String, Object> metadata, List<Task> applied) {
        Map<String, Object> out = new LinkedHashMap<>(metadata);
        // metadata values are scalars (savers store them as such): several names are joined
        out.put(
                CheckpointMetadata.AS_NODE,
                String.join(",", applied.stream().map(t -> t.name).toList()));
        return out;
    }

    private static int resolve(StoredState at, String asNode, int updates) {
        GraphSpec spec = at.spec;
        String node = asNode;
        if (node == null) {
            if (updates > 1) {
                throw new InvalidUpdateException("asNode is required when applying multiple updates", null);
            }
            node = at.state.versions.lastWriter().orElse(at.cursor.hasState ? null : ReservedNames.START);
            if (node == null) {
                throw new InvalidUpdateException("Ambiguous update: several nodes wrote last; give asNode", null);
            }
        }
        Integer n = spec.nodeIndex.get(node);
        if (n == null) {
            throw new InvalidUpdateException(
                    UnknownNode.withKnown("Node \"" + node + "\" does not exist", spec.nodes()), null);
        }
        return n;
    }
}
