package dev.switchboard.runtime.managed;

/**
 * Computes a read-only state component for each task from where the run is. Implement it to write
 * your own; name the class in {@code @Managed(X.class)}. Implementations need a no-argument
 * constructor and must be stateless: one instance serves all runs of a graph.
 *
 * <p>A managed value exists only for a task (a node's or a route's input). Everywhere else the
 * state record is read (invoke and resume results, {@code VALUES} and checkpoint stream events,
 * {@code getState}, {@code getStateHistory}, the snapshot of an unknown thread) the component holds
 * its type's neutral value instead ({@code 0}, {@code false} or {@code null}) and this method is not
 * called, since no superstep is under way there; LangGraph likewise leaves managed values out of
 * state snapshots and outputs.
 *
 * @param <T> the component's type (boxed for primitives)
 */
public interface ManagedValue<T> {
    /**
     * Computes the value for one task.
     *
     * @param context where the task is in the run
     * @return the value the task sees
     */
    T get(ManagedContext context);
}
