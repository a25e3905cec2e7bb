package dev.switchboard.runtime.checkpoint;

import dev.switchboard.runtime.error.GraphException;

/**
 * Another run on the same thread committed a checkpoint first: this run's next checkpoint would no
 * longer follow the thread's newest one, so it was not stored. Nothing of the losing step is
 * written; retry the invocation to continue from the new head.
 */
public final class ConcurrentRunException extends GraphException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param threadId the thread
     * @param expectedHead the head the run expected
     * @param actualHead the head it found
     */
    public ConcurrentRunException(String threadId, String expectedHead, String actualHead) {
        super("another run on thread '" + threadId + "' committed checkpoint " + actualHead + " after " + expectedHead
                + "; this run stopped without writing. Retry to continue from the new head.");
    }

    private ConcurrentRunException(ConcurrentRunException original) {
        super(original);
    }

    @Override
    public ConcurrentRunException rethrownHere() {
        return new ConcurrentRunException(this);
    }
}
