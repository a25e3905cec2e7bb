package dev.switchboard.agent;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.langchain4j.Message;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The state of an {@link Agent}, LangChain's {@code AgentState}: the conversation, the structured
 * response once the agent produced one, and the state each middleware keeps, read as that
 * middleware's record ({@code state.get(ModelCallLimit.Counts.class)}). Hooks receive it, and it is
 * what {@code invoke} returns. Immutable.
 *
 * @param <R> the type of the structured response ({@code Void} for an agent without a response format)
 */
public final class AgentState<R> {
    private final AgentSchema<R> schema;
    private final Object[] values;

    AgentState(AgentSchema<R> schema, Object[] values) {
        this.schema = schema;
        this.values = values;
    }

    /**
     * The conversation, oldest first.
     *
     * @return the messages; empty before the first
     */
    @SuppressWarnings("unchecked")
    public List<Message> messages() {
        Object m = values[AgentSchema.MESSAGES];
        return m == null ? List.of() : (List<Message>) m;
    }

    /**
     * The structured response, once the agent produced one (with a response format).
     *
     * @return the response, if any
     */
    public Optional<R> structuredResponse() {
        return Optional.ofNullable(schema.structuredResponse(values));
    }

    /**
     * The state a middleware keeps, as its record: the record named by its {@code @Middleware(state
     * = ...)}. Components not written yet are {@code null} (or zero).
     *
     * @param stateType the middleware's state record
     * @param <T> its type
     * @return the record read from the agent's state
     * @throws IllegalArgumentException if no middleware of this agent keeps that record
     */
    public <T extends Record> T get(Class<T> stateType) {
        return schema.project(Objects.requireNonNull(stateType, "stateType"), values);
    }

    /**
     * The value of one channel of the state by name, as stored.
     *
     * @param channel the channel name ({@code messages}, {@code structuredResponse} or a component of
     *     a middleware's state)
     * @return the value, if the channel has one
     */
    public Optional<Object> value(String channel) {
        int i = schema.indexOf(channel);
        return i < 0 ? Optional.empty() : Optional.ofNullable(values[i]);
    }

    /**
     * The last AI message of the conversation.
     *
     * @return it, if there is one
     */
    public Optional<Message> lastAiMessage() {
        List<Message> all = messages();
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).chat() instanceof AiMessage) {
                return Optional.of(all.get(i));
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("AgentState[");
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                b.append(b.length() > 11 ? ", " : "")
                        .append(schema.name(i))
                        .append('=')
                        .append(values[i]);
            }
        }
        return b.append(']').toString();
    }
}
