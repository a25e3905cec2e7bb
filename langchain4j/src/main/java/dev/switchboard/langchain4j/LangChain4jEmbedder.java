package dev.switchboard.langchain4j;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.switchboard.runtime.store.Embedder;
import dev.switchboard.runtime.store.IndexConfig;
import java.util.List;
import java.util.Objects;

/**
 * A LangChain4j {@link EmbeddingModel} as a store {@link Embedder}, for semantic search in a
 * long-term memory store: {@code IndexConfig.of(model.dimension(), new LangChain4jEmbedder(model),
 * "text")}, or {@link #index(EmbeddingModel, String...)}. Documents of a store batch go to the model
 * in one {@code embedAll} call; queries through {@code embed}.
 */
public final class LangChain4jEmbedder implements Embedder {
    private final EmbeddingModel model;

    /**
     * Adapts a model.
     *
     * @param model the embedding model
     */
    public LangChain4jEmbedder(EmbeddingModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /**
     * An index configuration for the model, its dimensions asked from the model.
     *
     * @param model the embedding model
     * @param fields the field paths to embed ({@code "$"} for the whole value)
     * @return the configuration
     */
    public static IndexConfig index(EmbeddingModel model, String... fields) {
        return IndexConfig.of(model.dimension(), new LangChain4jEmbedder(model), fields);
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        List<Embedding> embeddings =
                model.embedAll(texts.stream().map(TextSegment::from).toList()).content();
        return embeddings.stream().map(Embedding::vector).toList();
    }

    @Override
    public float[] embedQuery(String text) {
        return model.embed(text).content().vector();
    }
}
