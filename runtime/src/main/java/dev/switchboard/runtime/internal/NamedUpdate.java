package dev.switchboard.runtime.internal;

import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.spi.ComponentSpec;
import dev.switchboard.runtime.spi.GeneratedUpdate;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.WriteSink;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Not API. An update of one record built from values by component name (what {@code
 * GraphSchema.update} answers), written as a generated update writes: by component index, each
 * value already of its channel's declared type.
 */
public final class NamedUpdate extends StateUpdate implements GeneratedUpdate {
    private final StateSchema<?> schema;
    private final int[] components;
    private final Object[] values;

    private NamedUpdate(StateSchema<?> schema, int[] components, Object[] values) {
        this.schema = schema;
        this.components = components;
        this.values = values;
    }

    /**
     * An update of {@code schema}'s record writing {@code values} by name; linear in their number.
     *
     * @param schema the record's generated schema
     * @param values component name to value
     * @return the update
     * @throws IllegalArgumentException if a name is not a channel component of the record
     */
    public static NamedUpdate of(StateSchema<?> schema, Map<String, Object> values) {
        List<ComponentSpec> specs = schema.components();
        int[] components = new int[values.size()];
        Object[] written = new Object[values.size()];
        int n = 0;
        for (Map.Entry<String, Object> e : values.entrySet()) {
            int index = indexOf(specs, e.getKey());
            if (index < 0 || specs.get(index).channel() == null) {
                throw new IllegalArgumentException("'" + e.getKey() + "' is not a channel of "
                        + schema.recordType().getSimpleName() + "; its channels are " + channelNames(specs));
            }
            components[n] = index;
            written[n++] = e.getValue();
        }
        return new NamedUpdate(schema, components, written);
    }

    private static int indexOf(List<ComponentSpec> specs, String name) {
        for (int i = 0; i < specs.size(); i++) {
            if (specs.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> channelNames(List<ComponentSpec> specs) {
        return specs.stream()
                .filter(c -> c.channel() != null)
                .map(ComponentSpec::name)
                .toList();
    }

    @Override
    public StateSchema<?> schema() {
        return schema;
    }

    @Override
    public void writeTo(WriteSink sink) {
        for (int i = 0; i < components.length; i++) {
            sink.write(components[i], values[i]);
        }
    }

    @Override
    protected void ownWrites(BiConsumer<String, Object> sink) {
        GeneratedUpdate.writesByName(this, sink);
    }
}
