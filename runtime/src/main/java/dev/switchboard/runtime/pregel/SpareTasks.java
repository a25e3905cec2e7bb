package dev.switchboard.runtime.pregel;

import java.util.Arrays;

/**
 * Tasks of steps whose barrier has passed, kept for their nodes' next tasks: per node one pull task
 * and a stack of push tasks. A step then allocates no task, and a chain's run none once a run of the
 * graph has filled these (the {@link ChannelState} that holds them outlives its run; see {@link
 * RunSpares}). Only the loop's thread uses it.
 */
final class SpareTasks {
    /** The most spare push tasks kept per node: a step of many sends does not pin them all for good. */
    static final int MAX_PUSHES = 256;

    private final GraphSpec spec;
    private final Task[] pulls;
    /** Per node, spare push tasks as a stack of {@link #pushCount}; made at the first. */
    private Task[][] pushes;

    private int[] pushCount;

    SpareTasks(GraphSpec spec) {
        this.spec = spec;
        this.pulls = new Task[spec.nodeNames.length];
    }

    /** Node {@code n}'s pull task: its spare one, reused, or a new one. */
    Task pull(int n, TaskIds.Scope ids) {
        Task spare = pulls[n];
        if (spare != null) {
            pulls[n] = null;
            return spare.reuse(-1, null, ids);
        }
        Task t = Task.pull(n, spec.nodeNames[n], spec.triggers[n], ids);
        t.reserve(spec.writeHint[n]);
        return t;
    }

    /** A push task of {@code node} for send {@code index} of {@code payload}: a spare one, reused, or a new one. */
    Task push(int node, int index, Object payload, TaskIds.Scope ids) {
        if (pushes != null && pushCount[node] > 0) {
            int top = --pushCount[node];
            Task spare = pushes[node][top];
            pushes[node][top] = null;
            return spare.reuse(index, payload, ids);
        }
        Task t = Task.push(node, spec.nodeNames[node], index, payload, ids);
        t.reserve(spec.writeHint[node]);
        return t;
    }

    /** Keeps the {@link Task#reusable} task {@code t} of a step whose barrier has passed for one of its node's next tasks. */
    void keep(Task t) {
        t.forget();
        if (!t.isPush()) {
            pulls[t.node] = t;
            return;
        }
        if (pushes == null) {
            pushes = new Task[spec.nodeNames.length][];
            pushCount = new int[spec.nodeNames.length];
        }
        int n = t.node;
        int count = pushCount[n];
        if (count == MAX_PUSHES) {
            return;
        }
        Task[] stack = pushes[n];
        if (stack == null || count == stack.length) {
            stack = pushes[n] =
                    Arrays.copyOf(stack == null ? new Task[0] : stack, Math.min(MAX_PUSHES, Math.max(8, count * 2)));
        }
        stack[count] = t;
        pushCount[n] = count + 1;
    }
}
