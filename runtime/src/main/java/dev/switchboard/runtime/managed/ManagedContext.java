package dev.switchboard.runtime.managed;

import dev.switchboard.runtime.RunConfig;

/** What a {@link ManagedValue} can see of the task it computes a value for. */
public interface ManagedContext {
    /**
     * The superstep the task runs in.
     *
     * @return the step number
     */
    int step();

    /**
     * The step at which the run stops with a recursion error (LangGraph's {@code stop}: the start
     * step plus the recursion limit plus one).
     *
     * @return the stop step
     */
    int stop();

    /**
     * The run configuration.
     *
     * @return the configuration
     */
    RunConfig config();
}
