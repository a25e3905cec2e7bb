package test;

import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.serde.ValueType;
import dev.switchboard.runtime.spi.ComponentSpec;
import dev.switchboard.runtime.spi.StateSchema;
import dev.switchboard.runtime.spi.ValueSource;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The channels of {@link Notes}, one per component, in declaration order.
 */
@Generated("dev.switchboard.processor.SwitchboardProcessor")
public final class NotesChannels implements StateSchema<Notes> {
    /**
     * The single instance.
     */
    public static final NotesChannels SCHEMA = new NotesChannels();

    /**
     * The components these channels were generated for; the processor compares it with
     * the record to reject stale generated code at build time.
     */
    public static final String FINGERPRINT = "LAST_VALUE question: java.lang.String; LAST_VALUE notes: java.lang.String";

    private static final List<ComponentSpec> COMPONENTS = List.of(
        ComponentSpec.channel(ChannelSpec.lastValue("question", ValueType.of(String.class))),
        ComponentSpec.channel(ChannelSpec.lastValue("notes", ValueType.of(String.class))));

    private NotesChannels() {
    }

    @Override
    public Class<Notes> recordType() {
        return Notes.class;
    }

    @Override
    public List<ComponentSpec> components() {
        return COMPONENTS;
    }

    @Override
    public Notes read(ValueSource values) {
        return new Notes(
                (String) values.value(0),
                (String) values.value(1));
    }
}
