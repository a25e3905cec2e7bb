package dev.switchboard.runtime.managed;

/**
 * How many supersteps are left before the recursion limit ({@code stop - step}), as LangGraph
 * Python's {@code RemainingSteps}. A node that stops looping when this is small never hits
 * {@link dev.switchboard.runtime.GraphRecursionException}. Outside a task (outputs, snapshots,
 * history) it reads {@code 0}, as every managed value reads its neutral value there.
 */
public final class RemainingSteps implements ManagedValue<Integer> {
    /** Creates the managed value. */
    public RemainingSteps() {}

    @Override
    public Integer get(ManagedContext context) {
        return context.stop() - context.step();
    }
}
