package dev.switchboard.processor.schema;

import java.util.List;
import java.util.Map;

/**
 * What one version of a graph stores, as {@code DIR/<graph>/<version>.json} holds it: its channels,
 * its nodes (with their {@code Send} payloads) and the structure of every type they hold. Types are
 * written as canonical strings ({@code java.util.List<com.acme.Msg>}); {@link #types} gives the
 * structure of each record, sealed interface, enum and codec-stored type among them, keyed by that
 * string, because stored data is structural: a record's class name is never stored, its components
 * are. Plain scalar and JDK types have no entry.
 *
 * @param version the graph's {@code @Graph(version)}
 * @param graph the graph class's binary name
 * @param channels the stored channels by name, state channels first, in declaration order
 * @param nodes the nodes by name, in declaration order
 * @param types the structure of the types the channels and payloads hold, by canonical type
 */
public record StoredSchema(
        int version,
        String graph,
        Map<String, ChannelDef> channels,
        Map<String, NodeDef> nodes,
        Map<String, TypeDef> types) {

    /** The format of the file; a reader refuses formats it does not know. */
    public static final int FORMAT = 1;

    /**
     * One stored channel.
     *
     * @param kind the channel kind ({@code LAST_VALUE}, {@code REDUCER}, ...)
     * @param reducer the reducer class of a {@code REDUCER} channel, else {@code null}
     * @param type the canonical stored type
     * @param nullable whether the component is {@code @Nullable}
     * @param codec the {@code @Codec} on the component, else {@code null}
     * @param privateState whether the channel comes from {@code @Graph(privateState)}, not the state
     * @param renamedFrom the name it had in the previous version ({@code @RenamedFrom}), else {@code null}
     */
    public record ChannelDef(
            String kind,
            String reducer,
            String type,
            boolean nullable,
            String codec,
            boolean privateState,
            String renamedFrom) {
        /** The same channel without its rename, which describes how it got here rather than what it stores. */
        ChannelDef stored() {
            return new ChannelDef(kind, reducer, type, nullable, codec, privateState, null);
        }
    }

    /**
     * One node.
     *
     * @param payload the canonical type of its {@code Send} payload, or {@code null} when it reads state
     * @param renamedFrom the name it had in the previous version ({@code @Node(renamedFrom)}), else {@code null}
     */
    public record NodeDef(String payload, String renamedFrom) {}

    /** The structure of a stored type. */
    public sealed interface TypeDef permits RecordDef, SealedDef, EnumDef, CodecDef, ClassDef {}

    /**
     * A record, stored as a JSON object of its components.
     *
     * @param components the components by name, in declaration order
     */
    public record RecordDef(Map<String, FieldDef> components) implements TypeDef {}

    /**
     * A record component.
     *
     * @param type its canonical type
     * @param nullable whether it is {@code @Nullable} (read as {@code null} when absent)
     * @param aliases the further names it is read from ({@code @JsonAlias})
     */
    public record FieldDef(String type, boolean nullable, List<String> aliases) {}

    /**
     * A sealed interface, stored as the tag of each record it permits.
     *
     * @param tags each tag read (the record's {@code @Tag} or simple name, and its aliases) and the
     *     canonical type of the record it reads as
     */
    public record SealedDef(Map<String, String> tags) implements TypeDef {}

    /**
     * An enum, stored by constant name.
     *
     * @param constants its constants in declaration order
     */
    public record EnumDef(List<String> constants) implements TypeDef {}

    /**
     * A type stored by a {@code @Codec}: its stored form is the codec's business.
     *
     * @param codec the codec class
     */
    public record CodecDef(String codec) implements TypeDef {}

    /** Another class (a bean Jackson reads by its properties): known by name only. */
    public record ClassDef() implements TypeDef {}
}
