package dev.switchboard.server.runs;

import dev.switchboard.server.wire.ApiException;
import dev.switchboard.server.wire.CancelAction;
import dev.switchboard.server.wire.MultitaskStrategy;
import java.util.List;

/**
 * LangGraph's double-texting rule, in one place for every {@link RunQueue}: what a run created on
 * a thread does to the runs already there (pending or running). {@code reject} refuses the new run
 * (422) when there is any; {@code enqueue} leaves them; {@code interrupt} and {@code rollback} end
 * the pending ones at once and cancel the running one with their action.
 */
public final class Multitask {
    /** The message LangGraph answers a rejected run with. */
    static final String BUSY =
            "Thread is already running a task. Wait for it to finish or choose a different" + " multitask strategy.";

    private Multitask() {}

    /**
     * What the new run does to the thread's runs.
     *
     * @param pending the thread's runs waiting, oldest first
     * @param running the id of the thread's running run, or null
     * @param action the cancel action for both, or null to leave them (enqueue)
     */
    public record Decision(List<String> pending, String running, CancelAction action) {
        /**
         * The runs the new one ends at once (pending ones), empty unless it cancels.
         *
         * @return their ids
         */
        public List<String> ended() {
            return action == null ? List.of() : pending;
        }

        /**
         * The running run it cancels, or null.
         *
         * @return its id
         */
        public String cancelled() {
            return action == null ? null : running;
        }
    }

    /**
     * Decides for a run created with {@code strategy} on a thread holding these runs.
     *
     * @param strategy the new run's strategy
     * @param pending the thread's pending runs, oldest first
     * @param running the thread's running run, or null
     * @return the decision
     * @throws ApiException 422 when the strategy rejects a busy thread
     */
    public static Decision decide(MultitaskStrategy strategy, List<String> pending, String running) {
        boolean busy = !pending.isEmpty() || running != null;
        if (!busy || strategy == MultitaskStrategy.ENQUEUE) {
            return new Decision(pending, running, null);
        }
        if (strategy == MultitaskStrategy.REJECT) {
            throw ApiException.status(422, BUSY);
        }
        return new Decision(pending, running, strategy.cancelAction());
    }
}
