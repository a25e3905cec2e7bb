package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.HistoryEntry;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeUpdate;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.checkpoint.CheckpointMetadata.Source;
import dev.switchboard.runtime.internal.ReservedNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The state API on top of a loaded {@link PregelLoop}: snapshots of a checkpoint (with the next
 * tasks and what those that already ran wrote), and updates applied as if a node had returned them
 * (LangGraph's {@code update_state}: the node's edges and routes run, the node itself does not).
 */
final class Snapshots {
    private Snapshots() {}

    /** Push tasks in send order, then pull tasks in node declaration order: LangGraph's {@code next}. */
    static List<Task> declarationOrder(List<Task> tasks) {
        List<Task> out = new ArrayList<>(tasks.size());
        tasks.stream().filter(Task::isPush).forEach(out::add);
        tasks.stream()
                .filter(t -> !t.isPush())
                .sorted(Comparator.comparingInt(t -> t.node))
                .forEach(out::add);
        return out;
    }

    static List<String> names(GraphSpec spec, List<Task> tasks) {
        return tasks.stream().map(t -> spec.nodeNames[t.node]).toList();
    }

    static List<Object> path(GraphSpec spec, Task t) {
        return t.isPush()
                ? List.of(ReservedNames.PUSH, t.pushIndex, false)
                : List.of(ReservedNames.PULL, spec.nodeNames[t.node]);
    }

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

    /** A history entry of a loop restored with its control channels only. */
    static <S> HistoryEntry<S> entry(PregelLoop loop, Supplier<StateSnapshot<S>> decode) {
        return new HistoryEntry<>(
                config(loop),
                loop.parentCheckpointId(),
                loop.metadata(),
                loop.createdAt(),
                names(loop.spec, declarationOrder(loop.prepareTasks(false))),
                decode);
    }

    /** The configuration of the loop's checkpoint, in its namespace (a subgraph's, or the root). */
    static RunConfig config(PregelLoop loop) {
        return RunConfig.thread(loop.persistence.threadId)
                .withCheckpointNamespace(loop.persistence.namespace)
                .withCheckpointId(loop.checkpointId);
    }

    /** The snapshot of a checkpoint as stored, without its pending writes applied. */
    static <S> StateSnapshot<S> of(PregelLoop loop) {
        return build(loop, false, false, null, null);
    }

    /**
     * The snapshot of the loaded checkpoint; at the head, with the writes of tasks that finished in
     * an unfinished superstep applied. If applying them fails (the superstep failed at its barrier:
     * conflicting writes, a reducer that throws), the snapshot of {@code reload}'s fresh copy of
     * the checkpoint is returned instead, with those tasks still next and the failure attached to
     * each of them: the first debugging call must show the failure, not raise it; resuming raises
     * it again.
     */
    static <S> StateSnapshot<S> of(
            PregelLoop loop, boolean applyPendingWrites, boolean subgraphs, Supplier<PregelLoop> reload) {
        return build(loop, applyPendingWrites, subgraphs, reload, null);
    }

    @SuppressWarnings("unchecked")
    private static <S> StateSnapshot<S> build(
            PregelLoop loop,
            boolean applyPendingWrites,
            boolean subgraphs,
            Supplier<PregelLoop> reload,
            StateSnapshot.TaskError barrierError) {
        GraphSpec spec = loop.spec;
        String thread = loop.persistence.threadId;
        if (!loop.hasState()) {
            return new StateSnapshot<>(
                    (S) loop.readState(), Map.of(), List.of(), RunConfig.thread(thread), null, null, null, List.of());
        }
        List<Task> tasks = declarationOrder(loop.prepareTasks(false));
        Map<String, Persistence.StoredTask> stored = loop.persistence.decodeWrites(loop.storedWrites());
        List<Task> finished = new ArrayList<>();
        List<StateSnapshot.PregelTask> infos = new ArrayList<>();
        List<String> next = new ArrayList<>();
        for (Task t : tasks) {
            Persistence.StoredTask s = stored.get(loop.taskId(t));
            Map<String, Object> writes = replayWrites(loop, t, s);
            // As LangGraph: only the head's snapshot counts finished tasks as done; an older
            // checkpoint shows every task it led to.
            if (applyPendingWrites && writes != null) {
                finished.add(t);
            } else {
                next.add(spec.nodeNames[t.node]);
            }
            StateSnapshot.TaskError error = s == null ? null : s.error();
            infos.add(info(loop, t, s, writes, error == null && writes != null ? barrierError : error, subgraphs));
        }
        if (applyPendingWrites && !finished.isEmpty()) {
            try {
                loop.apply(PregelLoop.applyOrder(finished), true);
            } catch (RuntimeException e) {
                // The failed apply left the channels half-updated: read the checkpoint again.
                return build(reload.get(), false, subgraphs, null, Codecs.taskError(e));
            }
        }
        return new StateSnapshot<>(
                (S) loop.readState(),
                loop.streamValues(),
                next,
                config(loop),
                loop.parentCheckpointId(),
                loop.metadata(),
                loop.createdAt(),
                infos);
    }

    /** Adds a finished task's stored writes to it; returns its state writes, or {@code null} if it did not finish. */
    private static Map<String, Object> replayWrites(PregelLoop loop, Task t, Persistence.StoredTask s) {
        if (s == null || !s.finished) {
            return null;
        }
        for (int i = 0; i < s.channels.size(); i++) {
            t.add(s.channels.get(i), s.values.get(i));
        }
        return loop.runner().stateWrites(t);
    }

    private static StateSnapshot.PregelTask info(
            PregelLoop loop,
            Task t,
            Persistence.StoredTask s,
            Map<String, Object> writes,
            StateSnapshot.TaskError error,
            boolean subgraphs) {
        GraphSpec spec = loop.spec;
        return new StateSnapshot.PregelTask(
                loop.taskId(t),
                spec.nodeNames[t.node],
                path(spec, t),
                error,
                writes,
                s == null ? List.of() : s.interrupts(),
                subgraphs && spec.subgraph[t.node] ? subgraphState(loop, t) : null);
    }

    /** The state of a subgraph node's subgraph under its task's namespace, or {@code null}. */
    private static StateSnapshot<?> subgraphState(PregelLoop loop, Task t) {
        PregelGraph<?, ?, ?> child = loop.runner().subgraphOf(t);
        if (child == null) {
            return null;
        }
        Supplier<PregelLoop> load = () -> {
            PregelLoop childLoop = child.childLoop(loop, Subgraphs.namespace(loop, t, 0), EventSink.NONE);
            childLoop.load();
            return childLoop;
        };
        PregelLoop childLoop = load.get();
        return childLoop.hasState() ? of(childLoop, true, true, load) : null;
    }

    /**
     * Applies one superstep of updates, each as if its node had returned it; returns the new
     * checkpoint's id. An update without a node is attributed to the node that wrote last.
     */
    static String update(PregelLoop loop, List<NodeUpdate> updates) {
        if (updates.isEmpty()) {
            throw new IllegalArgumentException("a superstep of updates needs at least one update");
        }
        GraphSpec spec = loop.spec;
        if (!loop.hasState()) {
            loop.step = 0;
        }
        // Routes run as the node would in a run resumed from here, so managed values see that budget.
        loop.stop = loop.step + loop.config.recursionLimit() + 1;
        List<Task> prepared = loop.prepareTasks(false);
        List<Task> applied = new ArrayList<>();
        for (NodeUpdate u : updates) {
            int node = resolve(loop, u.asNode(), updates.size());
            Task t = Task.synthetic(node);
            t.id = prepared.stream()
                    .filter(p -> p.node == node && !p.isPush())
                    .findFirst()
                    .map(loop::taskId)
                    .orElse(null);
            loop.runner().runAs(t, u.update());
            applied.add(t);
        }
        applied.sort(Comparator.comparing(t -> spec.nodeNames[t.node]));
        loop.apply(applied, true);
        loop.putCheckpoint(Source.UPDATE);
        loop.persistence.flush();
        return loop.checkpointId;
    }

    private static int resolve(PregelLoop loop, String asNode, int updates) {
        GraphSpec spec = loop.spec;
        String node = asNode;
        if (node == null) {
            if (updates > 1) {
                throw new InvalidUpdateException("asNode is required when applying multiple updates", null);
            }
            node = loop.lastWriter().orElse(loop.hasState() ? null : ReservedNames.START);
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
