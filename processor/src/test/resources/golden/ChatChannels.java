package test;

import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.managed.RemainingSteps;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.reducer.Sum;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.ComponentSpec;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.ValueSource;
import dev.switchboard.runtime.spi.Values;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The channels of {@link Chat}, one per component, in declaration order.
 */
@Generated("dev.switchboard.processor.SwitchboardProcessor")
public final class ChatChannels implements StateSchema<Chat> {
    /**
     * The single instance.
     */
    public static final ChatChannels SCHEMA = new ChatChannels();

    /**
     * The components these channels were generated for; the processor compares it with
     * the record to reject stale generated code at build time.
     */
    public static final String FINGERPRINT = "REDUCER(dev.switchboard.runtime.reducer.Append) messages: java.util.List<java.lang.String>; REDUCER(dev.switchboard.runtime.reducer.Sum) turns: int; LAST_VALUE topic: java.lang.String; UNTRACKED trace: test.Trace; MANAGED(dev.switchboard.runtime.managed.RemainingSteps) remaining: int";

    private static final List<ComponentSpec> COMPONENTS = List.of(
        ComponentSpec.channel(ChannelSpec.reducer("messages", new Append<>(), ValueType.of(List.class, ValueType.of(String.class)))),
        ComponentSpec.channel(ChannelSpec.reducer("turns", new Sum<>(), ValueType.of(int.class)).startingAt(0)),
        ComponentSpec.channel(ChannelSpec.lastValue("topic", ValueType.of(String.class))),
        ComponentSpec.channel(ChannelSpec.untracked("trace", ValueType.of(Trace.class))),
        ComponentSpec.managed("remaining", new RemainingSteps()));

    private ChatChannels() {
    }

    @Override
    public Class<Chat> recordType() {
        return Chat.class;
    }

    @Override
    public List<ComponentSpec> components() {
        return COMPONENTS;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Chat read(ValueSource values) {
        return new Chat(
                (List<String>) values.value(0),
                Values.toInt(values.value(1)),
                (String) values.value(2),
                (Trace) values.value(3),
                Values.toInt(values.value(4)));
    }
}
