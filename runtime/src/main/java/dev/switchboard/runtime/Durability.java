package dev.switchboard.runtime;

/** When a run writes its checkpoints, as LangGraph's {@code durability} option. */
public enum Durability {
    /** Each checkpoint is stored before the next superstep starts (the default). */
    SYNC,
    /**
     * Each checkpoint is stored on a background thread while the next superstep runs, at most one
     * at a time: a superstep that ends while the previous checkpoint is still being stored waits for
     * it before handing over its own. So the store is never more than one checkpoint behind the run (a
     * crash loses at most the checkpoint being stored, whose superstep a resume runs again), a failed
     * store fails the run at the end of the next superstep, and the invocation returns only after
     * all are stored.
     */
    ASYNC,
    /** Only the last checkpoint is stored, when the run ends (finished, failed or paused). */
    EXIT
}
