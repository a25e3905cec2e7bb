package dev.switchboard.runtime.store;

import java.util.List;
import java.util.Objects;

/**
 * Makes a store embed item values so that {@code search} with a query ranks by cosine similarity.
 * Each field path selects text to embed: {@code "text"} (a top-level field), {@code "a.b"} (nested),
 * {@code "tags[*]"} (each element of an array, one vector each), {@code "items[0]"}, or {@code "$"}
 * (the whole value as indented JSON, the default). A string is embedded as it is; a number, boolean,
 * object or array as JSON; a missing field or {@code null} yields no text. An item whose paths yield
 * no text has no vector: searches with a query list it after all scored items, without a score.
 *
 * @param dimensions the length of every vector the embedder returns
 * @param embedder the embedding model
 * @param fields the field paths embedded by default (a put can override them)
 */
public record IndexConfig(int dimensions, Embedder embedder, List<String> fields) {
    /**
     * Validates the configuration.
     *
     * @param dimensions the dimensions
     * @param embedder the embedder
     * @param fields the fields
     */
    public IndexConfig {
        if (dimensions <= 0) {
            throw new IllegalArgumentException("dimensions must be positive, was " + dimensions);
        }
        Objects.requireNonNull(embedder, "embedder");
        fields = List.copyOf(Objects.requireNonNull(fields, "fields"));
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("fields must not be empty; use \"$\" for the whole value");
        }
        fields.forEach(FieldPath::parse);
    }

    /**
     * An index that embeds the whole value ({@code "$"}).
     *
     * @param dimensions the vector length
     * @param embedder the embedding model
     * @return the configuration
     */
    public static IndexConfig of(int dimensions, Embedder embedder) {
        return new IndexConfig(dimensions, embedder, List.of("$"));
    }

    /**
     * An index that embeds the given field paths.
     *
     * @param dimensions the vector length
     * @param embedder the embedding model
     * @param fields the field paths
     * @return the configuration
     */
    public static IndexConfig of(int dimensions, Embedder embedder, String... fields) {
        return new IndexConfig(dimensions, embedder, List.of(fields));
    }
}
