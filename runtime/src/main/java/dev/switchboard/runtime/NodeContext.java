package dev.switchboard.runtime;

import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.store.Store;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * What a node or route method can see of its run besides the state: the run configuration, where
 * it is in the run, and a channel to stream custom events. Declare it as the method's second
 * parameter to receive it. One instance serves one task; it is safe to use from the task's thread
 * and from threads the task starts while the method runs. Do not keep it after the method returns:
 * a run without a checkpointer hands its task machinery to the graph's next run, so a later task
 * may be given the same instance (as a servlet container recycles its request objects).
 */
public interface NodeContext {
    /**
     * The configuration the run was started with.
     *
     * @return the run configuration
     */
    RunConfig config();

    /**
     * The name of the node this task runs.
     *
     * @return the node name
     */
    String node();

    /**
     * The superstep this task runs in (the first node after the input runs in step 1).
     *
     * @return the step number
     */
    int step();

    /**
     * The recursion limit of the run.
     *
     * @return the maximum number of supersteps of this invocation
     */
    int recursionLimit();

    /**
     * Supersteps left before the recursion limit, as the {@code RemainingSteps} managed value
     * computes it.
     *
     * @return the remaining step budget
     */
    int remainingSteps();

    /**
     * Pauses the run to ask for input (a human approval, a correction): the run stops after this
     * superstep's other tasks finish and returns the value in {@link GraphOutput#interrupts()}.
     * When the caller resumes with {@link Command#resume(Object)}, this node runs again from its top
     * and this call returns the resume value. A node may call it several times; each call is
     * resumed in turn and has an interrupt id of its own (stable across resumes, as in LangGraph),
     * so {@link Command#resumeAll(java.util.Map)} answers exactly the call it names. Needs a
     * checkpointer.
     *
     * <p>It pauses by throwing an exception; do not catch it (catch specific exceptions only). A
     * node that catches it and goes on (returns, or asks again) fails with a {@link GraphException}
     * saying so, instead of letting the run continue unpaused.
     *
     * @param value what to show the caller; should serialize to JSON (records, maps, strings)
     * @param resumeType the type of the resume value; a stored resume value is read back as it
     * @param <T> the resume value type
     * @return the resume value
     * @throws GraphException with {@link ErrorCode#MISSING_CHECKPOINTER} if there is no checkpointer
     */
    <T> T interrupt(Object value, Class<T> resumeType);

    /**
     * {@link #interrupt(Object, Class)} for a resume value of any JSON type (read back as strings,
     * numbers, booleans, maps and lists).
     *
     * @param value what to show the caller
     * @return the resume value
     */
    default Object interrupt(Object value) {
        return interrupt(value, Object.class);
    }

    /**
     * Runs {@code body} as a durable step of this task (see {@link Step} for the guarantee): the
     * first time, the body runs and its result is recorded before this returns; when the task runs
     * again (resumed after {@link #interrupt}, retried, re-run after a crash in any JVM) the recorded
     * result is returned and the body does not run. Steps are matched by name and order: a node
     * that runs again must ask for the same steps in the same order, or it fails with {@link
     * ErrorCode#STEP_MISMATCH}. Without a checkpointer results are kept for the run only (a retry
     * still replays them).
     *
     * <p>A body that throws records nothing: an unchecked exception is rethrown as it is, a checked
     * one wrapped in a {@link java.util.concurrent.CompletionException} (the node fails with the
     * original as its cause). A failure that {@link Step#finalWhen} marks final is recorded and
     * thrown as a {@link StepFailedException}, now and on every later run. Steps cannot nest.
     *
     * @param step the step's name and result type
     * @param body the work
     * @param <T> the result type
     * @return the result, the body's or the recorded one
     * @throws GraphException with {@link ErrorCode#STEP_MISMATCH} if the step recorded at this
     *     position has another name
     */
    <T> T step(Step<T> step, Step.Body<? extends T> body);

    /**
     * {@link #step(Step, Step.Body)} for a step made on the spot: {@code ctx.step("charge",
     * Receipt.class, () -> payments.charge(order))}.
     *
     * @param name the step's name
     * @param type the result's class
     * @param body the work
     * @param <T> the result type
     * @return the result, the body's or the recorded one
     */
    default <T> T step(String name, Class<T> type, Step.Body<? extends T> body) {
        return step(Step.of(name, type), body);
    }

    /**
     * {@link #step(Step, Step.Body)} for work without a result, such as sending a mail: that it
     * finished is recorded, so it is not done again.
     *
     * @param name the step's name
     * @param action the work
     */
    default void step(String name, Step.Action action) {
        Objects.requireNonNull(action, "action");
        step(Step.named(name), () -> {
            action.run();
            return null;
        });
    }

    /**
     * {@link #step(Step, Step.Body)} on {@code executor}, for steps that run in parallel (tool calls,
     * say). The step's number is taken when this is called, so steps started in a fixed order match
     * their records whatever order they finish in; the future completes once the result is recorded,
     * or at once with a recorded result.
     *
     * @param step the step's name and result type
     * @param body the work
     * @param executor where the body runs
     * @param <T> the result type
     * @return the result's future; it fails as {@link #step(Step, Step.Body)} throws
     */
    <T> CompletableFuture<T> stepAsync(Step<T> step, Step.Body<? extends T> body, Executor executor);

    /**
     * Runs another graph as part of this node, with its own input and output types: it gets a
     * checkpoint namespace of its own under this task (so a pause inside it pauses this run and
     * resumes where it stopped), its events are streamed under that namespace when asked, and a
     * {@code Command.toParent()} from inside it becomes this node's result.
     *
     * @param graph the graph to run
     * @param input its input
     * @param <S2> its state type
     * @param <I2> its input update type
     * @param <O2> its output type
     * @return its output
     */
    <S2, I2 extends StateUpdate, O2> GraphOutput<O2> invoke(CompiledGraph<S2, I2, O2> graph, I2 input);

    /**
     * The graph's state as this superstep began, as the graph's state type (read the way a node
     * that takes the whole state reads it, managed values included). A node's own input is usually
     * that state already; this is for a task started by a {@code Send}, whose input is the send's
     * argument only, yet which must see the state it runs beside (LangGraph hands a tool node's
     * call its state for the same reason). Read when asked, never stored with the task, so a send
     * per tool call costs no copy of the conversation in the checkpoint.
     *
     * @return the state; its type is the graph's state type
     * @throws IllegalStateException outside a run's task (a route, the state API), or in an attempt
     *     that timed out
     */
    default Object state() {
        throw new IllegalStateException("this context reads no state");
    }

    /**
     * How many times this node has been attempted in this superstep, counting the current attempt
     * from 1; above 1 only under a retry policy.
     *
     * @return the attempt number
     */
    int attempt();

    /**
     * Streams a value to callers that requested {@link StreamMode#CUSTOM}; does nothing otherwise.
     *
     * @param value the payload, for example a progress message
     */
    void emit(Object value);

    /**
     * Streams a message chunk (an LLM token, a partial message) to callers that requested {@link
     * StreamMode#MESSAGES}, with this task's node, step, triggers and task id, and the run's
     * metadata merged with {@code metadata}; does nothing otherwise. Chunks of a failed attempt
     * that a retry repeats are streamed again: consumers key them by {@code taskId} and attempt.
     *
     * @param chunk the chunk, for example a token string or a record
     * @param metadata extra metadata for this chunk (model name, message id), may be empty
     */
    void emitMessage(Object chunk, Map<String, Object> metadata);

    /**
     * {@link #emitMessage(Object, Map)} with no extra metadata.
     *
     * @param chunk the chunk
     */
    default void emitMessage(Object chunk) {
        emitMessage(chunk, Map.of());
    }

    /**
     * Reports a moment of a tool call this node runs to callers that requested {@link
     * StreamMode#TOOLS}; does nothing otherwise. The library's tool runners (the LangChain4j
     * layer's {@code ToolNode}) report each call they make; a node that calls tools its own way
     * reports its calls with this.
     *
     * @param phase what happened: started, an output chunk, finished or failed
     * @param toolCallId the call's id as the model gave it, or null
     * @param name the tool's name
     * @param data the call's input, the chunk, the output, or the error's message
     */
    void emitTool(StreamPart.Tool.Phase phase, String toolCallId, String name, Object data);

    /**
     * Pushes a generative UI message, as LangGraph's {@code push_ui_message} does: streams it at
     * once as a {@link StreamMode#CUSTOM} event (where {@code useStream} clients see it while the
     * node runs) with the run's id in its metadata, and returns it completed so, to keep it in the
     * thread's state, the node returns it in the update of its {@code List<UiMessage>} component
     * (reduced by {@link dev.switchboard.runtime.reducer.UiMessages}):
     *
     * <pre>{@code
     * UiMessage card = ctx.pushUi(UiMessage.of("weather", Map.of("city", "Paris")));
     * return ChatUpdate.of().ui(List.of(card));
     * }</pre>
     *
     * @param message the message, or a removal ({@link UiMessage#remove})
     * @return the message as streamed, to write into the state
     */
    default UiMessage pushUi(UiMessage message) {
        Objects.requireNonNull(message, "message");
        UiMessage out = message;
        if (!message.removes()) {
            Map<String, Object> md = new java.util.LinkedHashMap<>();
            Object runId = config().metadata().get("run_id");
            if (runId != null) {
                md.put("run_id", runId);
            }
            md.putAll(message.metadata());
            out = new UiMessage(message.type(), message.id(), message.name(), message.props(), md);
        }
        emit(out);
        return out;
    }

    /**
     * The graph's long-term memory, shared across threads: what the builder's {@code .store(store)}
     * set (a subgraph without its own uses its parent's).
     *
     * @return the store
     * @throws IllegalStateException if the graph was built without a store
     */
    Store store();

    /**
     * The run context (see {@link RunConfig#withContext}), typed. A node of a graph that declares
     * {@code @Graph(context = Ctx.class)} can take a {@code Ctx} parameter instead, which the
     * processor checks at compile time.
     *
     * @param type the context type
     * @param <C> the context type
     * @return the run's context
     * @throws GraphException with {@link ErrorCode#MISSING_CONTEXT} if the run has no context, or
     *     one of another type
     */
    default <C> C context(Class<C> type) {
        Object context = config().context()
                .orElseThrow(() -> new GraphException(
                        "node '" + node() + "' asked for a run context of type " + type.getName()
                                + ", but the run has none; pass one with RunConfig.withContext(...)",
                        ErrorCode.MISSING_CONTEXT,
                        null));
        if (!type.isInstance(context)) {
            throw new GraphException(
                    "node '" + node() + "' asked for a run context of type " + type.getName()
                            + ", but the run's context is a "
                            + context.getClass().getName(),
                    ErrorCode.MISSING_CONTEXT,
                    null);
        }
        return type.cast(context);
    }
}
