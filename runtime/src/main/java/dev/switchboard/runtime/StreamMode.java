package dev.switchboard.runtime;

/** What a {@link CompiledGraph#stream} call emits; several modes can be requested at once. */
public enum StreamMode {
    /** The full state (all state and private channels) after each superstep that wrote to it. */
    VALUES,
    /** Each node's writes, as the node finishes. */
    UPDATES,
    /** Whatever nodes emit through {@link NodeContext#emit(Object)}. */
    CUSTOM,
    /** A task-start event and a task-result event per node execution. */
    TASKS,
    /** Each checkpoint as it is created: values, metadata and next tasks (needs a checkpointer). */
    CHECKPOINTS,
    /** Checkpoint and task events with superstep and timestamp, for debugging. */
    DEBUG,
    /**
     * Message chunks (LLM tokens) nodes stream through {@link NodeContext#emitMessage}, each with
     * its node and task metadata.
     */
    MESSAGES,
    /**
     * The tool calls nodes run, as they happen: started (with the call's input), output chunks,
     * finished (with the output) or failed (with the error), each with the call's id and the tool's
     * name, reported through {@link NodeContext#emitTool}; LangGraph's {@code tools} mode.
     */
    TOOLS
}
