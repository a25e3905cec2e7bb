package dev.switchboard.runtime.store;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How one item is put: its time to live, and which fields to embed for semantic search.
 *
 * @param ttl the item's time to live, or {@code null} for the store's default
 * @param index the field paths to embed, {@code null} for the store's {@link IndexConfig#fields()},
 *     or empty not to embed this item (it then has no vector, and keeps none from before)
 */
public record PutOptions(Duration ttl, List<String> index) {
    /** The store's defaults. */
    public static final PutOptions DEFAULTS = new PutOptions(null, null);

    /**
     * Validates the TTL and field paths.
     *
     * @param ttl the ttl
     * @param index the index
     */
    public PutOptions {
        if (ttl != null) {
            checkTtl(ttl, "ttl");
        }
        if (index != null) {
            index = List.copyOf(index);
            index.forEach(FieldPath::parse);
        }
    }

    /**
     * These options with a time to live.
     *
     * @param ttl positive
     * @return the new options
     */
    public PutOptions withTtl(Duration ttl) {
        return new PutOptions(Objects.requireNonNull(ttl, "ttl"), index);
    }

    /**
     * These options embedding the given field paths instead of the store's.
     *
     * @param fields the field paths
     * @return the new options
     */
    public PutOptions withIndex(String... fields) {
        return new PutOptions(ttl, List.of(fields));
    }

    /**
     * These options not embedding the item.
     *
     * @return the new options
     */
    public PutOptions withoutIndex() {
        return new PutOptions(ttl, List.of());
    }

    static void checkTtl(Duration ttl, String name) {
        if (ttl.isZero() || ttl.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive, was " + ttl);
        }
    }
}
