package dev.switchboard.client;

import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a run is asked to do: its input or a command (resume, goto, update), and how (stream
 * modes, config, context, metadata, interrupts, multitask strategy...), as the body of LangGraph's
 * run endpoints. Fluent and mutable; build one per call.
 *
 * <pre>{@code
 * RunRequest.input(Map.of("topic", "cats")).streamMode("updates", "custom").metadata(Map.of("user", "ana"))
 * RunRequest.resume(Map.of("approved", true))
 * }</pre>
 */
public final class RunRequest {
    private final ObjectNode body = Http.object();

    private RunRequest() {}

    /**
     * A run with this input.
     *
     * @param input the graph's input: a map, record or JSON tree, or {@code null} for none
     * @return the request
     */
    public static RunRequest input(Object input) {
        RunRequest r = new RunRequest();
        r.body.set("input", input == null ? null : Http.tree(input));
        return r;
    }

    /**
     * A run that resumes the thread's interrupts with this value ({@code command.resume}).
     *
     * @param value the answer
     * @return the request
     */
    public static RunRequest resume(Object value) {
        return command(Http.object().set("resume", Http.tree(value)));
    }

    /**
     * A run driven by a command: {@code resume}, {@code goto}, {@code update}.
     *
     * @param command the command object
     * @return the request
     */
    public static RunRequest command(JsonNode command) {
        RunRequest r = new RunRequest();
        r.body.set("command", Objects.requireNonNull(command, "command"));
        return r;
    }

    /**
     * The stream modes ({@code values}, {@code updates}, {@code messages-tuple}, {@code custom},
     * {@code debug}, {@code tasks}, {@code checkpoints}, {@code events}...).
     *
     * @param modes the modes
     * @return this request
     */
    public RunRequest streamMode(String... modes) {
        ArrayNode a = body.putArray("stream_mode");
        for (String m : modes) {
            a.add(m);
        }
        return this;
    }

    /**
     * Streams the events of subgraphs too, their names carrying the namespace.
     *
     * @return this request
     */
    public RunRequest streamSubgraphs() {
        body.put("stream_subgraphs", true);
        return this;
    }

    /**
     * Keeps the stream's events for a join by {@code Last-Event-ID} after a broken connection.
     *
     * @return this request
     */
    public RunRequest streamResumable() {
        body.put("stream_resumable", true);
        return this;
    }

    /**
     * The run's config ({@code configurable}, {@code recursion_limit}, {@code tags}).
     *
     * @param config the config object
     * @return this request
     */
    public RunRequest config(Object config) {
        body.set("config", Http.tree(config));
        return this;
    }

    /**
     * The run's context (the graph's context schema).
     *
     * @param context the context object
     * @return this request
     */
    public RunRequest context(Object context) {
        body.set("context", Http.tree(context));
        return this;
    }

    /**
     * The run's metadata.
     *
     * @param metadata the metadata object
     * @return this request
     */
    public RunRequest metadata(Object metadata) {
        body.set("metadata", Http.tree(metadata));
        return this;
    }

    /**
     * Pauses before these nodes.
     *
     * @param nodes node names, or {@code "*"} for all
     * @return this request
     */
    public RunRequest interruptBefore(String... nodes) {
        body.set("interrupt_before", Http.tree(List.of(nodes)));
        return this;
    }

    /**
     * Pauses after these nodes.
     *
     * @param nodes node names, or {@code "*"} for all
     * @return this request
     */
    public RunRequest interruptAfter(String... nodes) {
        body.set("interrupt_after", Http.tree(List.of(nodes)));
        return this;
    }

    /**
     * What to do when the thread is busy: {@code reject}, {@code enqueue}, {@code interrupt} or
     * {@code rollback}.
     *
     * @param strategy the strategy
     * @return this request
     */
    public RunRequest multitaskStrategy(String strategy) {
        body.put("multitask_strategy", strategy);
        return this;
    }

    /**
     * What to do when the thread does not exist: {@code reject} (default) or {@code create}.
     *
     * @param behavior the behaviour
     * @return this request
     */
    public RunRequest ifNotExists(String behavior) {
        body.put("if_not_exists", behavior);
        return this;
    }

    /**
     * What to do with the run when the streaming client disconnects: {@code continue} (default)
     * or {@code cancel}.
     *
     * @param behavior the behaviour
     * @return this request
     */
    public RunRequest onDisconnect(String behavior) {
        body.put("on_disconnect", behavior);
        return this;
    }

    /**
     * Starts from this checkpoint of the thread (time travel, forks).
     *
     * @param checkpointId the checkpoint id
     * @return this request
     */
    public RunRequest checkpointId(String checkpointId) {
        body.put("checkpoint_id", checkpointId);
        return this;
    }

    /**
     * Any other field of the run payload, as the API names it.
     *
     * @param name the field, e.g. {@code "durability"}
     * @param value its value
     * @return this request
     */
    public RunRequest set(String name, Object value) {
        body.set(name, Http.tree(value));
        return this;
    }

    /** The body for one assistant: a copy, so a request may be sent more than once. */
    ObjectNode body(String assistantId) {
        ObjectNode b = body.deepCopy();
        b.put("assistant_id", Objects.requireNonNull(assistantId, "assistantId"));
        return b;
    }
}
