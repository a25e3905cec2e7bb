package dev.switchboard.runtime;

/**
 * What a node or route method can see of its run besides the state: the run configuration, where
 * it is in the run, and a channel to stream custom events. Declare it as the method's second
 * parameter to receive it. One instance serves one task; it is safe to use from the task's thread
 * and from threads the task starts.
 */
public interface NodeContext {
    /**
     * The configuration the run was started with.
     *
     * @return the run configuration
     */
    RunConfig config();

    /**
     * The name of the node this task runs.
     *
     * @return the node name
     */
    String node();

    /**
     * The superstep this task runs in (the first node after the input runs in step 1).
     *
     * @return the step number
     */
    int step();

    /**
     * The recursion limit of the run.
     *
     * @return the maximum number of supersteps of this invocation
     */
    int recursionLimit();

    /**
     * Supersteps left before the recursion limit, as the {@code RemainingSteps} managed value
     * computes it.
     *
     * @return the remaining step budget
     */
    int remainingSteps();

    /**
     * Streams a value to callers that requested {@link StreamMode#CUSTOM}; does nothing otherwise.
     *
     * @param value the payload, for example a progress message
     */
    void emit(Object value);
}
