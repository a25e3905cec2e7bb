package dev.switchboard.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.Store;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LangChain4jEmbedderTest {
    /** Counts the letters a, b and c; records the batches it is given. */
    static final class Abc implements EmbeddingModel {
        final List<List<String>> batches = new ArrayList<>();

        @Override
        public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
            batches.add(segments.stream().map(TextSegment::text).toList());
            return Response.from(segments.stream()
                    .map(s -> Embedding.from(
                            new float[] {count(s.text(), 'a'), count(s.text(), 'b'), count(s.text(), 'c')}))
                    .toList());
        }

        @Override
        public int dimension() {
            return 3;
        }

        private static float count(String text, char c) {
            return text.chars().filter(x -> x == c).count();
        }
    }

    @Test
    void aStoreRanksThroughTheModel() {
        Abc model = new Abc();
        Store store = new InMemoryStore(StoreSettings.DEFAULTS.withIndex(LangChain4jEmbedder.index(model, "text")));
        store.batch(List.of(
                StoreOp.put(Namespace.of("m"), "a", Map.of("text", "aaa")),
                StoreOp.put(Namespace.of("m"), "b", Map.of("text", "bbb")),
                StoreOp.put(Namespace.of("m"), "c", Map.of("text", "abc"))));
        assertEquals(List.of(List.of("aaa", "bbb", "abc")), model.batches, "one embedAll call per batch");
        List<Item> hits = store.search(StoreOp.search(Namespace.of("m")).query("bb"));
        assertEquals(List.of("b", "c", "a"), hits.stream().map(Item::key).toList());
        assertEquals(1.0, hits.get(0).score().getAsDouble(), 1e-6);
        assertEquals(1 / Math.sqrt(3), hits.get(1).score().getAsDouble(), 1e-6);
        assertEquals(0.0, hits.get(2).score().getAsDouble(), 1e-6);
    }
}
