package dev.switchboard.runtime.pregel;

/**
 * What a graph's finished run leaves for its next one: its channel state, reset (with the spare
 * pull tasks it keeps), and per node the execution of the node's last task. A short run otherwise
 * allocates these afresh each time, and for a chain of nodes they are most of what it allocates.
 * The graph keeps one; a run that finds none (another run holds it) makes its own. Only runs whose
 * state nothing reads after they end give theirs back (see {@link PregelLoop#release}).
 */
final class RunSpares {
    final ChannelState state;
    /** Per node, an execution whose task is the node's spare pull task; {@code null} where there is none. */
    final Execution[] executions;

    RunSpares(ChannelState state, Execution[] executions) {
        this.state = state;
        this.executions = executions;
    }
}
