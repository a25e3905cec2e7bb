package dev.switchboard.runtime.serde;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * How values of one type the serde cannot read on its own (a library's interface, a class without
 * a creator) are stored: written to a JSON tree and read back from one. A codec is registered for a
 * type, never named in stored data: it decides from the data alone which of its own classes to
 * build, from a closed set it knows (a tag it wrote, say), and rejects anything else with a
 * {@link SerdeException}. A codec applies to its type and to every subtype of it that a schema
 * declares; a value read for a declared subtype must be of that subtype, or reading fails.
 *
 * <p>Put {@code @Codec(YourCodec.class)} on the stored type (or on the state component that holds a
 * foreign type): the processor then accepts the type as storable and the generated channel map
 * registers one instance of the codec, made with its public no-argument constructor, with the
 * graph's serde. Implementations must be stateless and thread-safe. Trees are read within the
 * serde's {@link SerdeLimits} before the codec sees them.
 *
 * @param <T> the type this codec stores
 */
public interface ValueCodec<T> {
    /**
     * The type this codec stores, with its subtypes.
     *
     * @return the class
     */
    Class<T> type();

    /**
     * Writes a value as JSON.
     *
     * @param value the value, never {@code null}
     * @param nodes a factory for the tree's nodes
     * @return the tree
     * @throws SerdeException if the value cannot be stored
     */
    JsonNode encode(T value, JsonNodeFactory nodes);

    /**
     * Reads a value back from what {@link #encode} wrote.
     *
     * @param node the stored tree, never JSON {@code null}
     * @return the value
     * @throws SerdeException if the tree is not a value this codec wrote (an unknown tag, a missing
     *     or mistyped property)
     */
    T decode(JsonNode node);
}
