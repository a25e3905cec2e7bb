package dev.switchboard.runtime.store;

import dev.switchboard.runtime.serde.JsonSerde;
import dev.switchboard.runtime.serde.ValueType;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A stored item as a read returns it: its namespace and key, its value as plain JSON (a map of
 * strings, numbers, booleans, {@code null}, maps and lists; a copy, so changing it changes nothing
 * stored), when it was first put and last put, and, in a search ranked by a query, its score.
 */
public final class Item {
    private final Namespace namespace;
    private final String key;
    private final Map<String, Object> value;
    private final Instant createdAt;
    private final Instant updatedAt;
    private final Double score;
    private final JsonSerde serde;

    /**
     * For store implementations.
     *
     * @param namespace the namespace
     * @param key the key
     * @param value the value as plain JSON
     * @param createdAt when it was first put
     * @param updatedAt when it was last put
     * @param score the similarity to the query, or {@code null}
     * @param serde reads {@link #value(Class)}
     */
    public Item(
            Namespace namespace,
            String key,
            Map<String, Object> value,
            Instant createdAt,
            Instant updatedAt,
            Double score,
            JsonSerde serde) {
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.key = Objects.requireNonNull(key, "key");
        this.value = Objects.requireNonNull(value, "value");
        this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
        this.updatedAt = Objects.requireNonNull(updatedAt, "updatedAt");
        this.score = score;
        this.serde = Objects.requireNonNull(serde, "serde");
    }

    /**
     * The namespace.
     *
     * @return the namespace
     */
    public Namespace namespace() {
        return namespace;
    }

    /**
     * The key.
     *
     * @return the key
     */
    public String key() {
        return key;
    }

    /**
     * The value as plain JSON.
     *
     * @return the value
     */
    public Map<String, Object> value() {
        return value;
    }

    /**
     * The value read as a type, by the same strict, schema-directed rules as checkpoints (no class
     * names are stored or read).
     *
     * @param type a record or other type the value was written from
     * @param <T> the type
     * @return the value
     * @throws dev.switchboard.runtime.serde.SerdeException if the value does not match the type
     */
    public <T> T value(Class<T> type) {
        return type.cast(serde.fromTree(ValueType.of(type), serde.untypedTree(value)));
    }

    /**
     * When the item was first put (kept by later puts).
     *
     * @return the creation time
     */
    public Instant createdAt() {
        return createdAt;
    }

    /**
     * When the item was last put.
     *
     * @return the update time
     */
    public Instant updatedAt() {
        return updatedAt;
    }

    /**
     * The cosine similarity to the search query: present only in results of a search with a query
     * on a store with an index, for items that have a vector.
     *
     * @return the score, if any
     */
    public OptionalDouble score() {
        return score == null ? OptionalDouble.empty() : OptionalDouble.of(score);
    }

    /**
     * This item with a score.
     *
     * @param score the score
     * @return the scored item
     */
    public Item withScore(double score) {
        return new Item(namespace, key, value, createdAt, updatedAt, score, serde);
    }

    @Override
    public String toString() {
        return "Item[" + namespace + "/" + key + "=" + value + (score == null ? "" : ", score=" + score) + "]";
    }
}
