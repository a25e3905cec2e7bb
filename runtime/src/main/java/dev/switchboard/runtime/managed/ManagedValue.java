package dev.switchboard.runtime.managed;

/**
 * Computes a read-only state component for each task from where the run is. Implement it to write
 * your own; name the class in {@code @Managed(X.class)}. Implementations need a no-argument
 * constructor and must be stateless: one instance serves all runs of a graph.
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
