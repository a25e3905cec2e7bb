package dev.switchboard.runtime.internal;

import dev.switchboard.runtime.GraphSchema;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.serde.SealedType;
import dev.switchboard.runtime.serde.ValueCodec;
import dev.switchboard.runtime.spi.ComponentSpec;
import dev.switchboard.runtime.spi.GraphDefinition;
import dev.switchboard.runtime.spi.StateSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Not API: the runtime's own. The {@link GraphSchema} of a generated graph definition: every channel of the records
 * the graph declares (state, input, output, node-private ones), by name and in declaration order
 * as the runtime numbers them, and the serde's sealed types and codecs, the first per type, as the
 * runtime's own serde takes them.
 */
public final class GraphSchemas {
    private GraphSchemas() {}

    /**
     * The schema of a definition.
     *
     * @param d the generated definition
     * @return its schema
     */
    public static GraphSchema of(GraphDefinition d) {
        List<StateSchema<?>> family = new ArrayList<>();
        add(family, d.state());
        add(family, d.input());
        add(family, d.output());
        d.privateState().forEach(s -> add(family, s));
        d.nodes().forEach(n -> {
            if (n.reads() != null) {
                add(family, n.reads());
            }
        });
        Map<String, GraphSchema.Channel> channels = new LinkedHashMap<>();
        family.forEach(s -> channels(s).forEach(c -> channels.putIfAbsent(c.name(), c)));
        StateSchema<?> state = d.state();
        StateSchema<?> input = d.input();
        if (d.entrypointInput() != null) {
            return workflow(d, channels, family);
        }
        return GraphSchema.builder(d.name())
                .channels(List.copyOf(channels.values()))
                .inputOutput(channels(input), channels(d.output()))
                .serde(sealedTypes(family, d.sealedTypes()), codecs(family, d.codecs()))
                .updates(values -> NamedUpdate.of(state, values), values -> NamedUpdate.of(input, values))
                .context(d.contextValueType())
                .version(d.schema().version())
                .build();
    }

    /**
     * A workflow's: a client sees {@code __end__} alone (what its last run saved is the runtime's),
     * its input is one value, and no update of it can be built from values by name.
     */
    private static GraphSchema workflow(
            GraphDefinition d, Map<String, GraphSchema.Channel> channels, List<StateSchema<?>> family) {
        List<GraphSchema.Channel> end = List.of(channels.get(ReservedNames.END));
        return GraphSchema.builder(d.name())
                .channels(end)
                .inputOutput(List.of(), end)
                .serde(sealedTypes(family, d.sealedTypes()), codecs(family, d.codecs()))
                .updates(GraphSchemas::noUpdate, GraphSchemas::noUpdate)
                .workflow(d.entrypointInput())
                .build();
    }

    private static StateUpdate noUpdate(Map<String, Object> values) {
        throw new IllegalArgumentException("a workflow's state is its entrypoint's return value, which no update"
                + " writes; its input is one value (WorkflowInput)");
    }

    private static List<GraphSchema.Channel> channels(StateSchema<?> s) {
        List<GraphSchema.Channel> out = new ArrayList<>();
        for (ComponentSpec c : s.components()) {
            if (c.channel() != null) {
                out.add(new GraphSchema.Channel(c.name(), c.channel().type()));
            }
        }
        return out;
    }

    private static void add(List<StateSchema<?>> family, StateSchema<?> s) {
        for (StateSchema<?> f : family) {
            if (f == s) {
                return;
            }
        }
        family.add(s);
    }

    private static List<SealedType> sealedTypes(List<StateSchema<?>> family, List<SealedType> payloads) {
        Map<Class<?>, SealedType> byBase = new LinkedHashMap<>();
        family.forEach(s -> s.sealedTypes().forEach(t -> byBase.putIfAbsent(t.base(), t)));
        payloads.forEach(t -> byBase.putIfAbsent(t.base(), t));
        return List.copyOf(byBase.values());
    }

    private static List<ValueCodec<?>> codecs(List<StateSchema<?>> family, List<ValueCodec<?>> payloads) {
        Map<Class<?>, ValueCodec<?>> byType = new LinkedHashMap<>();
        family.forEach(s -> s.codecs().forEach(c -> byType.putIfAbsent(c.type(), c)));
        payloads.forEach(c -> byType.putIfAbsent(c.type(), c));
        return List.copyOf(byType.values());
    }
}
