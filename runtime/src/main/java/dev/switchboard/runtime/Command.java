package dev.switchboard.runtime;

import dev.switchboard.runtime.checkpoint.ReservedNames;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A node result (or graph input) that combines a state update with control flow: which nodes to
 * run next ({@code goto} by name or by {@link Send}). Static edges out of the node still fire; a
 * goto adds destinations, it does not replace them.
 *
 * <p>Instances are immutable; the {@code and...}/{@code with...} methods return new commands.
 *
 * @param <U> the update type, one of the generated {@code XxxUpdate} classes
 */
public final class Command<U extends StateUpdate> {
    /** The {@link #graph()} of a command meant for the graph that runs this one as a subgraph. */
    public static final String PARENT = ReservedNames.PARENT;

    private static final Object NO_RESUME = new Object();

    private final U update;
    private final List<Object> gotos;
    private final String graph;
    private final Object resume;

    private Command(U update, List<Object> gotos, String graph, Object resume) {
        this.update = update;
        this.gotos = gotos;
        this.graph = graph;
        this.resume = resume;
    }

    private Command(U update, List<Object> gotos) {
        this(update, gotos, null, NO_RESUME);
    }

    /**
     * A command that resumes a run paused by {@link NodeContext#interrupt}: the interrupted node runs
     * again from its top, and this time {@code interrupt} returns {@code value}. Use
     * {@link #resumeAll(Map)} when several interrupts are pending. A resume needs a paused run: on a
     * thread whose last run finished, it fails with an {@link EmptyInputException}.
     *
     * @param value what the pending {@code interrupt} call returns
     * @param <U> the update type
     * @return the command
     */
    public static <U extends StateUpdate> Command<U> resume(Object value) {
        return new Command<>(null, List.of(), null, Objects.requireNonNull(value, "value"));
    }

    /**
     * A command that resumes several pending interrupts at once, each by its {@link Interrupt#id()}.
     * Each {@code interrupt} call of a node has its own id; as in LangGraph, the id of a node's first
     * call also answers its later call when the map has no entry for that call's id.
     *
     * @param valuesByInterruptId what each pending {@code interrupt} call returns
     * @param <U> the update type
     * @return the command
     */
    public static <U extends StateUpdate> Command<U> resumeAll(Map<String, ?> valuesByInterruptId) {
        return new Command<>(null, List.of(), null, new ResumeMap(Map.copyOf(valuesByInterruptId)));
    }

    /** Resume values by interrupt id, as {@link #resumeAll(Map)} gives them. */
    record ResumeMap(Map<String, ?> values) {}

    /**
     * This command sent to the graph that runs this graph as a subgraph: the subgraph stops, and the
     * parent applies the update and gotos as the subgraph node's result.
     *
     * @return a new command
     */
    public Command<U> toParent() {
        return new Command<>(update, gotos, PARENT, resume);
    }

    /**
     * The graph this command is for.
     *
     * @return {@link #PARENT}, or empty for the graph that runs the node
     */
    public Optional<String> graph() {
        return Optional.ofNullable(graph);
    }

    /**
     * Whether this command resumes an interrupt.
     *
     * @return {@code true} for commands made by {@link #resume} or {@link #resumeAll}
     */
    public boolean resumes() {
        return resume != NO_RESUME;
    }

    /**
     * The single resume value, if this command has one.
     *
     * @return the value, or empty (also for {@link #resumeAll} commands)
     */
    public Optional<Object> resumeValue() {
        return resumes() && !(resume instanceof ResumeMap) ? Optional.of(resume) : Optional.empty();
    }

    /**
     * The resume values by interrupt id, if this command was made by {@link #resumeAll}.
     *
     * @return the values, or empty
     */
    public Optional<Map<String, ?>> resumeValues() {
        return resume instanceof ResumeMap m ? Optional.of(m.values()) : Optional.empty();
    }

    /**
     * A command that only updates the state; it behaves like returning the update itself.
     *
     * @param update the writes
     * @param <U> the update type
     * @return the command
     */
    public static <U extends StateUpdate> Command<U> update(U update) {
        return new Command<>(Objects.requireNonNull(update, "update"), List.of());
    }

    /**
     * A command that runs the given nodes next. {@code END} is allowed and adds nothing.
     *
     * @param nodes the node names
     * @param <U> the update type
     * @return the command
     */
    public static <U extends StateUpdate> Command<U> goTo(String... nodes) {
        return new Command<U>(null, List.of()).andGoTo(nodes);
    }

    /**
     * A command that starts one task per {@link Send}.
     *
     * @param sends the sends
     * @param <U> the update type
     * @return the command
     */
    public static <U extends StateUpdate> Command<U> send(Send<?>... sends) {
        return new Command<U>(null, List.of()).andSend(sends);
    }

    /**
     * This command with the given update instead of its current one.
     *
     * @param update the writes
     * @return a new command
     */
    public Command<U> withUpdate(U update) {
        return new Command<>(Objects.requireNonNull(update, "update"), gotos, graph, resume);
    }

    /**
     * This command with more nodes to run next.
     *
     * @param nodes the node names
     * @return a new command
     */
    public Command<U> andGoTo(String... nodes) {
        Objects.requireNonNull(nodes, "nodes");
        for (String node : nodes) {
            Objects.requireNonNull(node, "nodes[]");
        }
        return withGotos(Arrays.asList(nodes));
    }

    /**
     * This command with more {@link Send}s.
     *
     * @param sends the sends
     * @return a new command
     */
    public Command<U> andSend(Send<?>... sends) {
        Objects.requireNonNull(sends, "sends");
        for (Send<?> send : sends) {
            Objects.requireNonNull(send, "sends[]");
        }
        return withGotos(Arrays.asList(sends));
    }

    private Command<U> withGotos(List<?> more) {
        List<Object> all = new ArrayList<>(gotos);
        all.addAll(more);
        return new Command<>(update, List.copyOf(all), graph, resume);
    }

    /**
     * The update, if this command has one.
     *
     * @return the update or empty
     */
    public Optional<U> update() {
        return Optional.ofNullable(update);
    }

    /**
     * The destinations in the order given: node names ({@code String}) and {@link Send}s.
     *
     * @return the destinations
     */
    public List<Object> gotos() {
        return gotos;
    }

    @Override
    public String toString() {
        return "Command[update=" + update + ", goto=" + gotos + (graph == null ? "" : ", graph=" + graph)
                + (resumes() ? ", resume=" + resume : "") + "]";
    }
}
