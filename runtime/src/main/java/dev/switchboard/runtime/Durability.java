package dev.switchboard.runtime;

/** When a run writes its checkpoints, as LangGraph's {@code durability} option. */
public enum Durability {
    /** Each checkpoint is stored before the next superstep starts (the default). */
    SYNC,
    /**
     * Checkpoints are stored in order on a background thread while the next superstep runs; the
     * invocation returns only after all are stored.
     */
    ASYNC,
    /** Only the last checkpoint is stored, when the run ends (finished, failed or paused). */
    EXIT
}
