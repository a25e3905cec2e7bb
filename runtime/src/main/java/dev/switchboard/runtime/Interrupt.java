package dev.switchboard.runtime;

import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.ValueType;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A pause requested by a node: the value it surfaced (a question for a human, say) and a stable id
 * to answer it by when several are pending.
 *
 * <p>In the run that paused, {@link #value()} is the very object the node passed to {@code
 * interrupt(...)}. Read back from a checkpoint (in another JVM, or with a fresh graph), the type of
 * that object is not known, so {@link #value()} is its plain JSON form: maps, lists, strings,
 * numbers, booleans. Ask for the type with {@link #value(Class)} to get the object back in both
 * cases: {@code interrupt.value(ApprovalRequest.class)}. Stored values are read exactly and
 * strictly, by the same rules as checkpointed state (see {@link JsonSerde}).
 */
public final class Interrupt {
    private final String id;
    private final Object value;
    private final JsonNode stored;
    private final JsonSerde serde;

    /**
     * An interrupt raised in this run.
     *
     * @param id the interrupt id
     * @param value the surfaced value
     */
    public Interrupt(String id, Object value) {
        this(id, value, null, null);
    }

    private Interrupt(String id, Object value, JsonNode stored, JsonSerde serde) {
        this.id = Objects.requireNonNull(id, "id");
        this.value = value;
        this.stored = stored;
        this.serde = serde;
    }

    /**
     * An interrupt read back from a checkpoint, whose value is known only as JSON.
     *
     * @param id the interrupt id
     * @param json the stored value
     * @param serde how the stored value is read
     * @return the interrupt, whose {@link #value()} is the plain JSON form
     */
    public static Interrupt stored(String id, JsonNode json, JsonSerde serde) {
        Objects.requireNonNull(json, "json");
        Objects.requireNonNull(serde, "serde");
        return new Interrupt(id, serde.plain(json), json, serde);
    }

    /**
     * The interrupt id.
     *
     * @return the id
     */
    public String id() {
        return id;
    }

    /**
     * What the node surfaced: the object itself in the run that paused, its plain JSON form
     * (maps, lists, strings, numbers, booleans) when read back from a checkpoint.
     *
     * @return the value, possibly {@code null}
     */
    public Object value() {
        return value;
    }

    /**
     * What the node surfaced, as the given type, whether this interrupt was raised in this run or
     * read back from a checkpoint.
     *
     * @param <T> the type
     * @param type the class the node passed to {@code interrupt(...)}, or any type its JSON fits
     * @return the value as {@code type}, possibly {@code null}
     * @throws SerdeException if the value does not fit the type, naming the interrupt and the type
     */
    @SuppressWarnings("unchecked")
    public <T> T value(Class<T> type) {
        Objects.requireNonNull(type, "type");
        if (stored == null && type.isInstance(value)) {
            return (T) value;
        }
        return (T) value(ValueType.of(type));
    }

    /**
     * What the node surfaced, as the given type with type arguments ({@code List<Review>}).
     *
     * @param type the type
     * @return the value as {@code type}, possibly {@code null}
     * @throws SerdeException if the value does not fit the type, naming the interrupt and the type
     */
    public Object value(ValueType type) {
        Objects.requireNonNull(type, "type");
        JsonSerde s = serde != null ? serde : JsonSerde.standard();
        try {
            return s.fromTree(type, stored != null ? stored : s.untypedTree(value));
        } catch (SerdeException e) {
            throw new SerdeException(
                    "interrupt " + id + ": its value cannot be read as " + type + " (" + e.getMessage()
                            + "); ask for the type the node passed to interrupt(...) (a record, an enum, a JDK"
                            + " value type, or a collection of these), or read value() for the plain JSON",
                    e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Interrupt i && id.equals(i.id) && Objects.equals(value, i.value);
    }

    @Override
    public int hashCode() {
        return id.hashCode() * 31 + Objects.hashCode(value);
    }

    @Override
    public String toString() {
        return "Interrupt[id=" + id + ", value=" + value + "]";
    }
}
