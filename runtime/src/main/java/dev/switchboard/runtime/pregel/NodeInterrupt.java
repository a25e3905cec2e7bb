package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Interrupt;
import java.util.List;

/**
 * Thrown by {@code NodeContext.interrupt} to stop a node that asked for input; the loop catches it
 * and pauses the run. Not an error: it never reaches callers.
 */
final class NodeInterrupt extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient List<Interrupt> interrupts;

    NodeInterrupt(List<Interrupt> interrupts) {
        super("node paused for input: " + interrupts.stream().map(Interrupt::id).toList(), null, false, false);
        this.interrupts = List.copyOf(interrupts);
    }

    /** The interrupts: one for a node's own call, several when a subgraph it ran paused. */
    List<Interrupt> interrupts() {
        return interrupts;
    }
}
