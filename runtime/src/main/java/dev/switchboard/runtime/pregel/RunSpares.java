package dev.switchboard.runtime.pregel;

/**
 * What a graph's finished run leaves for its next one: its channel state, reset (with the spare
 * tasks it keeps), and the executions of tasks that ran cleanly. A short run otherwise
 * allocates these afresh each time, and for a chain of nodes they are most of what it allocates.
 * The graph keeps one; a run that finds none (another run holds it) makes its own. Only runs whose
 * state nothing reads after they end give theirs back (see {@link PregelLoop#release}).
 */
final class RunSpares {
    final ChannelState state;
    /** Spare executions, the first {@link #executionCount} of them; {@code null} if there are none. */
    final Execution[] executions;

    final int executionCount;

    RunSpares(ChannelState state, Execution[] executions, int executionCount) {
        this.state = state;
        this.executions = executions;
        this.executionCount = executionCount;
    }
}
