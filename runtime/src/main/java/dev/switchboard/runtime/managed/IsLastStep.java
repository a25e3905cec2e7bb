package dev.switchboard.runtime.managed;

/**
 * Whether this is the last superstep before the recursion limit ({@code step == stop - 1}), as
 * LangGraph Python's {@code IsLastStep}. Outside a task (outputs, snapshots, history) it reads
 * {@code false}, as every managed value reads its neutral value there.
 */
public final class IsLastStep implements ManagedValue<Boolean> {
    /** Creates the managed value. */
    public IsLastStep() {}

    @Override
    public Boolean get(ManagedContext context) {
        return context.step() == context.stop() - 1;
    }
}
