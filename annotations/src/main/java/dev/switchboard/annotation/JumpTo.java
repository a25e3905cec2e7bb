package dev.switchboard.annotation;

/**
 * Where an agent middleware hook may send the agent instead of the next step, LangChain's
 * {@code jumpTo}: back to the model, to the tools the last AI message asked for, or to the end of the
 * agent. A hook declares the targets it may use ({@code @BeforeModel(canJumpTo = JumpTo.END)}); a jump
 * to a target it did not declare fails the run.
 */
public enum JumpTo {
    /** Call the model again (the node {@code model_request}). */
    MODEL,
    /** Run the pending tool calls of the last AI message (the node {@code tools}). */
    TOOLS,
    /** End the agent: its after-agent hooks run, then the graph ends. */
    END
}
