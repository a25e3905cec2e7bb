package dev.switchboard.runtime.spi;

import dev.switchboard.runtime.serde.SealedType;
import dev.switchboard.runtime.serde.ValueCodec;
import java.util.List;

/**
 * Implemented by each generated {@code XxxChannels} class, and by an extension module that
 * composes a state of its own: the channel map of one state record and how to build the record
 * from channel values.
 *
 * <p>Service provider interface, for code the Switchboard processor generates and for extension
 * modules that build graphs without it; not for application code. Compatible within a release
 * line, as the {@linkplain dev.switchboard.runtime.spi package} promises.
 *
 * @param <R> the record type
 */
public interface StateSchema<R> {
    /**
     * The record class (a class literal in generated code).
     *
     * @return the record type
     */
    Class<R> recordType();

    /**
     * The record's components in declaration order; component {@code i} is read and written as
     * index {@code i}.
     *
     * @return the components
     */
    List<ComponentSpec> components();

    /**
     * The sealed interfaces the stored components hold, at any depth, with their tag tables; empty
     * for most records.
     *
     * @return the sealed types
     */
    default List<SealedType> sealedTypes() {
        return List.of();
    }

    /**
     * The codecs of the stored types the components hold that the serde cannot read on its own
     * (types marked {@code @Codec}), one instance each; empty for most records.
     *
     * @return the codecs
     */
    default List<ValueCodec<?>> codecs() {
        return List.of();
    }

    /**
     * Builds the record; absent values come as {@code null} and become zero for primitives.
     *
     * @param values the value of each component by index
     * @return the record
     */
    R read(ValueSource values);
}
