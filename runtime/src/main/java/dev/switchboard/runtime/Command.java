package dev.switchboard.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
    private final U update;
    private final List<Object> gotos;

    private Command(U update, List<Object> gotos) {
        this.update = update;
        this.gotos = gotos;
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
        return new Command<>(Objects.requireNonNull(update, "update"), gotos);
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
        return new Command<>(update, List.copyOf(all));
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
        return "Command[update=" + update + ", goto=" + gotos + "]";
    }
}
