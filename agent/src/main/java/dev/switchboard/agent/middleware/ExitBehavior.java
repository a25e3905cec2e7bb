package dev.switchboard.agent.middleware;

/**
 * What a call limit does when it is reached, LangChain's {@code exitBehavior}.
 */
public enum ExitBehavior {
    /** End the agent with an AI message saying which limit was reached. */
    END,
    /** Fail the run with a {@link CallLimitExceededException}. */
    ERROR,
    /**
     * Tool calls only: answer the calls over the limit with an error result and let the others run, so
     * the model goes on and learns it may not call the tool again.
     */
    CONTINUE
}
