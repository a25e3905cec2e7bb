package dev.switchboard.runtime.store;

import java.util.List;

/**
 * Turns text into vectors for semantic search: an embedding model. A store calls {@link
 * #embedDocuments} once per write batch (with distinct texts) and {@link #embedQuery} once per
 * distinct query of a read batch. Implementations must be thread-safe and return vectors of the
 * dimensions the {@link IndexConfig} declares; the LangChain4j module adapts its {@code
 * EmbeddingModel}.
 */
public interface Embedder {
    /**
     * Embeds texts to be stored.
     *
     * @param texts the texts
     * @return one vector per text, in order
     */
    List<float[]> embedDocuments(List<String> texts);

    /**
     * Embeds a search query. Models that embed queries and documents alike need not override it.
     *
     * @param text the query
     * @return its vector
     */
    default float[] embedQuery(String text) {
        return embedDocuments(List.of(text)).get(0);
    }
}
