package dev.switchboard.agent;

import dev.switchboard.langchain4j.AgentStateChannels;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.serde.SealedType;
import dev.switchboard.runtime.serde.ValueCodec;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.ComponentSpec;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.ValueSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The channel map of one agent, composed when the agent is built: LangChain's built-in state (the
 * {@code messages} channel, shared with {@code AgentState}'s generated channels so that an {@code
 * AgentStateUpdate} writes it, and {@code structuredResponse} with a response format) followed by the
 * components of each middleware's state record, by name. Two middleware may keep a component of the
 * same name only if they declare it the same way. Reads an {@link AgentState}.
 */
final class AgentSchema<R> implements StateSchema<AgentState<R>> {
    static final int MESSAGES = 0;
    static final String STRUCTURED_RESPONSE = "structuredResponse";

    private final List<ComponentSpec> components;
    private final Map<String, Integer> index;
    private final int structured;
    private final Map<Class<?>, Projection> projections;
    private final List<ValueCodec<?>> codecs;
    private final List<SealedType> sealedTypes;

    /** One middleware state record and where each of its components sits in this schema. */
    private record Projection(StateSchema<?> schema, int[] slots) {}

    private AgentSchema(
            List<ComponentSpec> components,
            int structured,
            Map<Class<?>, Projection> projections,
            List<ValueCodec<?>> codecs,
            List<SealedType> sealedTypes) {
        this.components = List.copyOf(components);
        this.structured = structured;
        this.projections = Collections.unmodifiableMap(new LinkedHashMap<>(projections));
        this.codecs = List.copyOf(codecs);
        this.sealedTypes = List.copyOf(sealedTypes);
        Map<String, Integer> idx = new HashMap<>();
        for (int i = 0; i < components.size(); i++) {
            idx.put(components.get(i).name(), i);
        }
        this.index = Map.copyOf(idx);
    }

    /**
     * Composes an agent's schema.
     *
     * @param responseType the structured response's type, or {@code null} without a response format
     * @param states each middleware's state schema by middleware name (insertion order kept)
     * @throws IllegalArgumentException if a middleware's component clashes with the built-in state or
     *     with another middleware's component of the same name
     */
    static <R> AgentSchema<R> compose(ValueType responseType, Map<String, StateSchema<?>> states) {
        List<ComponentSpec> components = new ArrayList<>();
        Map<String, String> owners = new LinkedHashMap<>();
        components.add(AgentStateChannels.SCHEMA.components().get(0));
        owners.put(components.get(0).name(), "the agent");
        int structured = -1;
        if (responseType != null) {
            structured = components.size();
            components.add(ComponentSpec.channel(ChannelSpec.lastValue(STRUCTURED_RESPONSE, responseType)));
            owners.put(STRUCTURED_RESPONSE, "the agent");
        }
        List<ValueCodec<?>> codecs = new ArrayList<>(AgentStateChannels.SCHEMA.codecs());
        List<SealedType> sealed = new ArrayList<>();
        Map<Class<?>, Projection> projections = new LinkedHashMap<>();
        for (Map.Entry<String, StateSchema<?>> e : states.entrySet()) {
            StateSchema<?> schema = e.getValue();
            List<ComponentSpec> own = schema.components();
            int[] slots = new int[own.size()];
            for (int c = 0; c < own.size(); c++) {
                slots[c] = slotFor(own.get(c), e.getKey(), schema, components, owners);
            }
            Projection previous = projections.putIfAbsent(schema.recordType(), new Projection(schema, slots));
            if (previous != null && previous.schema() != schema) {
                throw new IllegalArgumentException("two middleware keep state records named "
                        + schema.recordType().getName() + " from different generated code; rebuild cleanly");
            }
            codecs.addAll(schema.codecs());
            sealed.addAll(schema.sealedTypes());
        }
        return new AgentSchema<>(components, structured, projections, codecs, sealed);
    }

    private static int slotFor(
            ComponentSpec c,
            String middleware,
            StateSchema<?> schema,
            List<ComponentSpec> components,
            Map<String, String> owners) {
        for (int i = 0; i < components.size(); i++) {
            ComponentSpec existing = components.get(i);
            if (!existing.name().equals(c.name())) {
                continue;
            }
            if ("the agent".equals(owners.get(c.name()))) {
                throw new IllegalArgumentException("middleware " + middleware + " keeps a component '" + c.name()
                        + "' in " + schema.recordType().getSimpleName() + ", but the agent's own state has a channel of"
                        + " that name; rename the component");
            }
            if (!sameDefinition(existing, c)) {
                throw new IllegalArgumentException("middleware " + middleware + " keeps '" + c.name() + "' as "
                        + describe(c) + " in " + schema.recordType().getSimpleName() + ", but middleware "
                        + owners.get(c.name()) + " keeps it as " + describe(existing)
                        + "; two middleware share a component only when they declare it the same way");
            }
            return i;
        }
        components.add(c);
        owners.put(c.name(), middleware);
        return components.size() - 1;
    }

    private static boolean sameDefinition(ComponentSpec a, ComponentSpec b) {
        if (a.channel() == null || b.channel() == null) {
            return a.channel() == null
                    && b.channel() == null
                    && a.managed().getClass() == b.managed().getClass();
        }
        return a.channel().sameDefinition(b.channel())
                && a.channel().type().equals(b.channel().type());
    }

    private static String describe(ComponentSpec c) {
        return c.channel() == null
                ? "a managed value (" + c.managed().getClass().getSimpleName() + ")"
                : c.channel().kind() + " of " + c.channel().type();
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"}) // the class of a generic type
    public Class<AgentState<R>> recordType() {
        return (Class) AgentState.class;
    }

    @Override
    public List<ComponentSpec> components() {
        return components;
    }

    @Override
    public List<ValueCodec<?>> codecs() {
        return codecs;
    }

    @Override
    public List<SealedType> sealedTypes() {
        return sealedTypes;
    }

    @Override
    public AgentState<R> read(ValueSource values) {
        Object[] v = new Object[components.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.value(i);
        }
        return new AgentState<>(this, v);
    }

    /** The state schemas of the middleware, in the order their components were added. */
    List<StateSchema<?>> middlewareStates() {
        return projections.values().stream().map(Projection::schema).toList();
    }

    int indexOf(String name) {
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }

    String name(int component) {
        return components.get(component).name();
    }

    boolean hasStructuredResponse() {
        return structured >= 0;
    }

    int structuredIndex() {
        return structured;
    }

    @SuppressWarnings("unchecked")
    R structuredResponse(Object[] values) {
        return structured < 0 ? null : (R) values[structured];
    }

    <T> T project(Class<T> type, Object[] values) {
        Projection p = projections.get(type);
        if (p == null) {
            throw new IllegalArgumentException("no middleware of this agent keeps a " + type.getName()
                    + "; the agent's middleware keep "
                    + projections.keySet().stream()
                            .map(Class::getSimpleName)
                            .sorted()
                            .toList());
        }
        return type.cast(p.schema().read(i -> values[p.slots()[i]]));
    }
}
