package dev.switchboard.runtime.spi;

import dev.switchboard.runtime.channel.ChannelSpec;
import dev.switchboard.runtime.managed.ManagedValue;
import java.util.Objects;

/**
 * One component of a state record, as generated code and extension modules declare it:
 * either a channel or a managed value.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 *
 * @param name the component (and channel) name
 * @param channel the channel definition, or {@code null} for a managed value
 * @param managed the managed value, or {@code null} for a channel
 */
public record ComponentSpec(String name, ChannelSpec channel, ManagedValue<?> managed) {
    /**
     * Checks that exactly one of channel and managed is set.
     *
     * @param name the component name
     * @param channel the channel definition or {@code null}
     * @param managed the managed value or {@code null}
     */
    public ComponentSpec {
        Objects.requireNonNull(name, "name");
        if ((channel == null) == (managed == null)) {
            throw new IllegalArgumentException("component " + name + " must be either a channel or a managed value");
        }
    }

    /**
     * A channel component.
     *
     * @param channel the channel definition; its name is the component name
     * @return the component
     */
    public static ComponentSpec channel(ChannelSpec channel) {
        return new ComponentSpec(channel.name(), channel, null);
    }

    /**
     * A managed component.
     *
     * @param name the component name
     * @param managed the managed value
     * @return the component
     */
    public static ComponentSpec managed(String name, ManagedValue<?> managed) {
        return new ComponentSpec(name, null, managed);
    }
}
