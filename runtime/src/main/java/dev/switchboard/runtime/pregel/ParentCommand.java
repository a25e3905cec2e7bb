package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.Command;

/**
 * Carries a {@code Command.toParent()} out of a subgraph: it stops the subgraph and reaches the
 * parent's task, which applies the command as its own result. Never reaches callers.
 */
final class ParentCommand extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Command<?> command;

    ParentCommand(Command<?> command) {
        super("command for the parent graph", null, false, false);
        this.command = command;
    }

    Command<?> command() {
        return command;
    }
}
