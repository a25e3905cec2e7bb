package dev.switchboard.runtime;

import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A durable step of a node: a unit of work (a charge, an e-mail, an insert, a model or tool call)
 * whose result is recorded when it finishes, so that when the node runs again (resumed after an
 * {@code interrupt()}, retried under its retry policy, or re-run after a crash, in this JVM or
 * another) the recorded result is returned and the work is not done again. Run one with {@link
 * NodeContext#step(Step, Step.Body)}; the shorter {@code ctx.step("charge", Receipt.class, () ->
 * ...)} makes the step on the spot.
 *
 * <p>A step has a name and a result type. The result is stored through the graph's
 * schema-directed serializer as that type (records, collections, sealed types and codecs of the
 * graph's state, within its size limits) and read back as that type: never as a type named in the
 * data. A task's steps are matched by name and order: the third step a re-run asks for is answered
 * by the third step recorded, and must have the same name, or the run fails with {@link
 * dev.switchboard.runtime.error.ErrorCode#STEP_MISMATCH}, since a result recorded for other work
 * must never be handed out.
 *
 * <p>The guarantee, precisely: a step's body runs at least once, and runs again until a result is
 * recorded; once recorded, the result is returned by every later run of the task and the body never
 * runs again (exactly-once per recorded result). The result is recorded before {@code step}
 * returns, so only a crash between the body's side effect and that write (a window of one write
 * to the checkpointer) makes the body run twice; with {@link Durability#EXIT} the records are
 * written only when the run stops, so a crash loses them all. A body that throws records nothing and
 * runs again on the next attempt, unless {@link #finalWhen} says the failure is final: then the
 * failure is recorded and every later run gets it again as a {@link StepFailedException}, without
 * running the body. Steps are recorded per task of a superstep; a new input abandons a paused task
 * and its steps with it, as it abandons its writes.
 *
 * @param <T> the result type
 */
public final class Step<T> {
    private static final ValueType VOID = ValueType.of(Void.class);

    private final String name;
    private final ValueType type;
    private final Predicate<? super Exception> isFinal;

    private Step(String name, ValueType type, Predicate<? super Exception> isFinal) {
        this.name = Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a step needs a name: it is how a re-run finds its recorded result");
        }
        this.type = Objects.requireNonNull(type, "type");
        this.isFinal = isFinal;
    }

    /**
     * A step whose result is of a plain class.
     *
     * @param name the step's name, unique enough to tell it from the node's other steps
     * @param type the result's class
     * @param <T> the result type
     * @return the step
     */
    public static <T> Step<T> of(String name, Class<T> type) {
        return new Step<>(name, ValueType.of(Objects.requireNonNull(type, "type")), null);
    }

    /**
     * A step whose result is of a generic type, such as {@code ValueType.of(List.class,
     * ValueType.of(Receipt.class))}; the caller states {@code T} to match.
     *
     * @param name the step's name
     * @param type the result's type with its type arguments
     * @param <T> the result type
     * @return the step
     */
    public static <T> Step<T> of(String name, ValueType type) {
        return new Step<>(name, type, null);
    }

    /**
     * A step that returns nothing: only that it finished is recorded.
     *
     * @param name the step's name
     * @return the step
     */
    public static Step<Void> named(String name) {
        return new Step<>(name, VOID, null);
    }

    /**
     * This step, with the failures that are final: when the body throws an exception this accepts,
     * the failure is recorded like a result, and the step fails the same way on every later run
     * without running the body again (a declined card is not charged twice). Other failures are not
     * recorded, so the body runs again on the next attempt.
     *
     * @param isFinal accepts the exceptions that are final, such as {@code e -> e instanceof CardDeclined}
     * @return a new step with the same name and type
     */
    public Step<T> finalWhen(Predicate<? super Exception> isFinal) {
        return new Step<>(name, type, Objects.requireNonNull(isFinal, "isFinal"));
    }

    /**
     * The step's name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The type its result is stored and read back as.
     *
     * @return the result type
     */
    public ValueType type() {
        return type;
    }

    /**
     * Whether a failure of the body is final (recorded, not retried).
     *
     * @param failure what the body threw
     * @return true if it is recorded as the step's outcome
     */
    public boolean isFinal(Exception failure) {
        return isFinal != null && isFinal.test(failure);
    }

    @Override
    public String toString() {
        return "Step[" + name + ": " + type + "]";
    }

    /**
     * The work of a step, which may throw.
     *
     * @param <T> the result type
     */
    @FunctionalInterface
    public interface Body<T> {
        /**
         * Does the work.
         *
         * @return the result to record
         * @throws Exception if the work failed
         */
        T call() throws Exception;
    }

    /** The work of a step that returns nothing, which may throw. */
    @FunctionalInterface
    public interface Action {
        /**
         * Does the work.
         *
         * @throws Exception if the work failed
         */
        void run() throws Exception;
    }
}
