package dev.switchboard.runtime.pregel;

import dev.switchboard.runtime.StateSnapshot;
import dev.switchboard.runtime.Step;
import dev.switchboard.runtime.StepFailedException;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Runs the durable steps of one execution of a task (see {@link Step}): each step gets the next
 * number of the attempt; a number the task recorded before is answered from the record, if the
 * names match, and otherwise the body runs and its outcome is recorded, in the task and (with a
 * checkpointer) as a pending write, before the step returns. Temporal matches a workflow's commands
 * the same way, by position, and fails a replay that asks for other work.
 */
final class Steps {
    /** Whether the current thread runs a step's body: a step inside a step would not replay. */
    private static final ThreadLocal<Step<?>> RUNNING = new ThreadLocal<>();

    private final RunScope scope;
    private final Execution execution;
    private final TaskContext context;

    Steps(RunScope scope, Execution execution, TaskContext context) {
        this.scope = scope;
        this.execution = execution;
        this.context = context;
    }

    /** Runs a step on the caller's thread, or answers it from its record. */
    <T> T run(Step<T> step, Step.Body<? extends T> body) {
        int number = begin(step);
        StepRecord recorded = execution.task.step(number);
        if (recorded != null) {
            return replay(number, recorded, step);
        }
        return runAndRecord(number, step, body);
    }

    /**
     * Runs a step on {@code executor}, or answers it from its record; its number is taken now, so
     * steps started in a fixed order match their records however they finish.
     */
    <T> CompletableFuture<T> runAsync(Step<T> step, Step.Body<? extends T> body, Executor executor) {
        int number = begin(step);
        StepRecord recorded = execution.task.step(number);
        if (recorded != null) {
            checkName(number, recorded, step); // a mismatch is the caller's bug: thrown here, not in the future
            try {
                return CompletableFuture.completedFuture(replay(number, recorded, step));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return CompletableFuture.supplyAsync(() -> runAndRecord(number, step, body), executor);
    }

    int begin(Step<?> step) {
        Step<?> outer = RUNNING.get();
        if (outer != null) {
            throw new IllegalStateException("node '" + execution.task.name + "' asked for step '" + step.name()
                    + "' inside step '" + outer.name() + "': steps cannot nest, since a recorded outer step"
                    + " does not run its body again; make them steps of the node one after the other");
        }
        return execution.nextStep();
    }

    <T> T runAndRecord(int number, Step<T> step, Step.Body<? extends T> body) {
        T value;
        RUNNING.set(step);
        try {
            value = body.call();
        } catch (NodeInterrupt | ParentCommand signal) {
            throw signal; // a pause or a command to the parent is no failure of the step
        } catch (Exception e) {
            if (!step.isFinal(e)) {
                throw e instanceof RuntimeException r ? r : new CompletionException(e);
            }
            StateSnapshot.TaskError failure = Codecs.taskError(e);
            record(
                    number,
                    step,
                    records() == null
                            ? unstored(step, null, failure)
                            : records().stepFailure(step.name(), failure));
            throw new StepFailedException(step.name(), failure.type(), message(e), e);
        } finally {
            RUNNING.remove();
        }
        record(
                number,
                step,
                records() == null
                        ? unstored(step, value, null)
                        : records().stepResult(step.name(), step.type(), value));
        return value;
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? "" : e.getMessage();
    }

    private static StepRecord unstored(Step<?> step, Object value, StateSnapshot.TaskError failure) {
        return new StepRecord(step.name(), value, null, failure, null);
    }

    /**
     * Keeps the outcome in the task first, so a retry in this run replays it even if storing fails,
     * then stores it against the step's checkpoint.
     */
    private void record(int number, Step<?> step, StepRecord record) {
        if (context.abandoned()) {
            throw new IllegalStateException("node '" + execution.task.name + "' timed out; step '" + step.name()
                    + "' finished too late to be recorded for this attempt");
        }
        Task task = execution.task;
        task.recordStep(number, record);
        if (record.encoded() != null && execution.checkpointId != null) {
            scope.persistence.putStep(execution.checkpointId, TaskRecords.stepWrite(task.id(), number, record));
        }
    }

    <T> T replay(int number, StepRecord recorded, Step<T> step) {
        checkName(number, recorded, step);
        if (recorded.failed()) {
            throw new StepFailedException(
                    step.name(), recorded.failure().type(), recorded.failure().message(), null);
        }
        @SuppressWarnings("unchecked") // the step's type was checked by the serde, or the value is the body's own
        T value = (T) (records() == null ? recorded.live() : records().stepValue(recorded, step.type()));
        return value;
    }

    private void checkName(int number, StepRecord recorded, Step<?> step) {
        if (!recorded.name().equals(step.name())) {
            throw new GraphException(
                    "node '" + execution.task.name + "' asked for step #" + (number + 1) + " '" + step.name()
                            + "', but step #" + (number + 1) + " of its earlier run was '" + recorded.name()
                            + "': a node that runs again must ask for the same steps in the same order, so that"
                            + " each recorded result answers the work it was recorded for; do not branch on"
                            + " anything but the state, resume values and earlier steps' results before a step",
                    ErrorCode.STEP_MISMATCH,
                    null);
        }
    }

    private TaskRecords records() {
        return scope.persistence == null ? null : scope.persistence.records;
    }
}
