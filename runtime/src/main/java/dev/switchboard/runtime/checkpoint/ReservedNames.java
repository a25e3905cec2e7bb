package dev.switchboard.runtime.checkpoint;

import dev.switchboard.annotation.Graph;

/**
 * Not API: every reserved channel, node, task-path and write name the runtime uses, in one place.
 * Most are LangGraph's own spellings, and they are part of the stored form of a checkpoint
 * (pending writes, task ids) or of a stream chunk, so they must never change; the public constants
 * that expose some of them ({@code Command.PARENT}, {@code Overwrite.WIRE_KEY},
 * {@code EncryptedSaver.SEAL}, {@code Graph.START}, {@code Graph.END}) are defined from or as these.
 * It lives here, with the stored form, because this package sits below every runtime package that
 * spells a reserved name (the API types in {@code dev.switchboard.runtime} among them).
 */
public final class ReservedNames {
    /** The pseudo-node every run starts from, and the channel carrying the run's input. */
    public static final String START = Graph.START;

    /** The pseudo-node that ends a branch. */
    public static final String END = Graph.END;

    /** The pending-write channel of a task's interrupts, and the stream key that reports them. */
    public static final String INTERRUPT = "__interrupt__";

    /** The pending-write channel of a task's resume values. */
    public static final String RESUME = "__resume__";

    /** The pending-write channel of a task's failure. */
    public static final String ERROR = "__error__";

    /** The channel of a functional workflow that holds what its last run saved for the next. */
    public static final String PREVIOUS = "__previous__";

    /** The key of a functional workflow's task or entrypoint result in its stream update. */
    public static final String RETURN = "__return__";

    /** The pending-write channel of a task's durable step results (Switchboard's own). */
    public static final String STEP = "__step__";

    /** The pending-write channel marking a task that finished without writing anything. */
    public static final String NO_WRITES = "__no_writes__";

    /** The channel that carries {@code Send} packets to the next superstep. */
    public static final String TASKS = "__pregel_tasks";

    /** The first element of a pulled (edge-triggered) task's path. */
    public static final String PULL = "__pregel_pull";

    /** The first element of a pushed ({@code Send}) task's path, and its trigger. */
    public static final String PUSH = "__pregel_push";

    /** The {@code Command} graph target meaning "the parent graph". */
    public static final String PARENT = "__parent__";

    /** The key of LangGraph's wire form of an overwrite, {@code {"__overwrite__": value}}. */
    public static final String OVERWRITE = "__overwrite__";

    /** The metadata key under which an encrypting saver stores a checkpoint's seal. */
    public static final String SEAL = "__switchboard_seal__";

    private ReservedNames() {}
}
