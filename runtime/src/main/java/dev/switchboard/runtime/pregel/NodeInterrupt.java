package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Interrupt;

/**
 * Thrown by {@code NodeContext.interrupt} to stop a node that asked for input; the loop catches it
 * and pauses the run. Not an error: it never reaches callers.
 */
final class NodeInterrupt extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Interrupt interrupt;

    NodeInterrupt(Interrupt interrupt) {
        super("node paused for input: " + interrupt.id(), null, false, false);
        this.interrupt = interrupt;
    }

    Interrupt interrupt() {
        return interrupt;
    }
}
