package dev.switchboard.runtime.spi;

import dev.switchboard.runtime.Final;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.checkpoint.ReservedNames;
import dev.switchboard.runtime.serde.ValueType;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The state of a functional workflow, which generated {@code <Class>Workflow}s declare:
 * LangGraph's two channels of an entrypoint, {@code __end__} (the last return value: the state, the
 * output, what snapshots show) and {@code __previous__} (what the last run saved, which the next
 * run's {@code @Previous} parameter gets). Reading the state gives the return value itself.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 */
public final class WorkflowState implements StateSchema<Object> {
    private final ValueType output;
    private final List<ComponentSpec> components;

    private WorkflowState(ValueType output, ValueType saved) {
        this.output = output;
        this.components = List.of(
                ComponentSpec.channel(ChannelSpec.lastValue(ReservedNames.END, output)),
                ComponentSpec.channel(ChannelSpec.lastValue(ReservedNames.PREVIOUS, saved)));
    }

    /**
     * The state of a workflow.
     *
     * @param output the type the entrypoint returns
     * @param saved the type it saves for the next run (the output type unless it returns a {@code Final})
     * @return the schema
     */
    public static WorkflowState of(ValueType output, ValueType saved) {
        return new WorkflowState(output, saved);
    }

    @Override
    @SuppressWarnings("unchecked") // the state is the return value, of the output type
    public Class<Object> recordType() {
        return (Class<Object>) output.raw();
    }

    @Override
    public List<ComponentSpec> components() {
        return components;
    }

    @Override
    public Object read(ValueSource values) {
        return values.value(0);
    }

    /**
     * What the entrypoint returned, as the writes of its node: the value to {@code __end__} and the
     * saved value (a {@link Final}'s {@code save}, else the value) to {@code __previous__}.
     *
     * @param result the entrypoint method's return value
     * @return the update its node returns
     */
    public StateUpdate returned(Object result) {
        return result instanceof Final<?, ?> f
                ? new Returned(this, f.value(), f.save())
                : new Returned(this, result, result);
    }

    private static final class Returned extends StateUpdate implements GeneratedUpdate {
        private final WorkflowState schema;
        private final Object value;
        private final Object save;

        Returned(WorkflowState schema, Object value, Object save) {
            this.schema = schema;
            this.value = value;
            this.save = save;
        }

        @Override
        public StateSchema<?> schema() {
            return schema;
        }

        @Override
        public void writeTo(WriteSink sink) {
            sink.write(0, value);
            sink.write(1, save);
        }

        @Override
        protected void ownWrites(BiConsumer<String, Object> sink) {
            sink.accept(ReservedNames.END, value);
            sink.accept(ReservedNames.PREVIOUS, save);
        }
    }
}
