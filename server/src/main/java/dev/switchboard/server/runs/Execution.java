package dev.switchboard.server.runs;

import dev.switchboard.runtime.RunControl;
import dev.switchboard.server.rows.RunRow;
import dev.switchboard.server.rows.ThreadRow;
import tools.jackson.databind.JsonNode;

/**
 * One run executing in this JVM under a claim: its control (to stop it), its events, and how it
 * was stopped, if it was. Its outcome is recorded once ({@link #finishing}).
 */
final class Execution {
    final Claim claim;
    final RunRow run;
    final ThreadRow thread;
    final RunQueue queue;
    final RunEvents events;
    final RunControl control = new RunControl();
    /** Runs on the thread of the request waiting for it (a stateless wait), not on a worker. */
    final boolean here;
    /** The {@link System#nanoTime} of its claim: a lease renewal begun before then cannot hold it. */
    final long started = System.nanoTime();

    /** Why it was stopped from outside, or null. */
    volatile Stop stop;
    /** Its claim was lost (another JVM runs it now): it records nothing. */
    volatile boolean lost;
    /** The root values it streamed last (what an interrupted run answers). */
    volatile JsonNode streamed;
    /** The run its outcome's transaction claimed next for this JVM, to start once it is let go. */
    volatile Claim next;

    private boolean finishing;

    Execution(Claim claim, RunRow run, ThreadRow thread, RunQueue queue, RunEvents events, boolean here) {
        this.claim = claim;
        this.run = run;
        this.thread = thread;
        this.queue = queue;
        this.events = events;
        this.here = here;
    }

    /** Whether this call is the one that records the outcome: true once, for the first caller. */
    synchronized boolean finishing() {
        if (finishing) {
            return false;
        }
        finishing = true;
        return true;
    }

    @Override
    public String toString() {
        return run + " (attempt " + claim.attempt() + ")";
    }
}
