package dev.switchboard.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.switchboard.checkpoint.jdbc.JdbcStore;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import dev.switchboard.runtime.store.Item;
import dev.switchboard.runtime.store.Namespace;
import dev.switchboard.runtime.store.StoreOp;
import dev.switchboard.runtime.store.StoreSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Semantic search with a real embedding model, all-MiniLM-L6-v2 (384 dimensions) running in-process,
 * through {@link LangChain4jEmbedder} into a SQLite store: the nearest memory is the one a person
 * would pick. A few dozen texts, so the test costs the model's load and little more.
 */
class RealEmbeddingModelTest {
    private static final Namespace MEMORIES = Namespace.of("users", "u1", "memories");
    private static final List<List<String>> TEXTS = List.of(
            List.of("pets", "My dog loves chasing the ball in the park"),
            List.of("pets", "The cat sleeps on the windowsill all afternoon"),
            List.of("pets", "We feed the goldfish twice a day"),
            List.of("food", "I bake sourdough bread every Sunday morning"),
            List.of("food", "Spicy ramen is my favourite late-night meal"),
            List.of("food", "She prefers her coffee black without sugar"),
            List.of("food", "Fresh tomatoes and basil make a simple pasta sauce"),
            List.of("money", "The quarterly tax return is due in April"),
            List.of("money", "I put part of my salary into an index fund"),
            List.of("money", "The mortgage rate went up again this year"),
            List.of("travel", "Our flight to Lisbon leaves at seven in the morning"),
            List.of("travel", "He booked a cheap hostel near the train station"),
            List.of("travel", "Remember to renew the passport before the trip"),
            List.of("work", "The Java build fails when the tests run out of memory"),
            List.of("work", "Our team reviews every pull request before merging"),
            List.of("work", "The database migration runs on Friday night"),
            List.of("sport", "I run five kilometres before breakfast"),
            List.of("sport", "The football match went to penalties"),
            List.of("sport", "She swims laps at the public pool on Tuesdays"),
            List.of("weather", "Heavy rain is expected all weekend"),
            List.of("weather", "It snowed in the mountains last night"),
            List.of("health", "The dentist appointment moved to next Thursday"),
            List.of("health", "He takes vitamin D during the dark winter months"),
            List.of("music", "She practises the violin for an hour every evening"),
            List.of("music", "The concert tickets sold out in minutes"));

    @TempDir
    static Path dir;

    private static JdbcStore store;

    @BeforeAll
    static void fill() {
        store = SqliteStore.file(
                dir.resolve("memories.db"),
                StoreSettings.DEFAULTS.withIndex(LangChain4jEmbedder.index(new AllMiniLmL6V2EmbeddingModel(), "text")));
        List<StoreOp> puts = new ArrayList<>();
        for (int i = 0; i < TEXTS.size(); i++) {
            puts.add(StoreOp.put(
                    MEMORIES,
                    "m" + i,
                    Map.of("topic", TEXTS.get(i).get(0), "text", TEXTS.get(i).get(1))));
        }
        store.batch(puts);
    }

    @AfterAll
    static void close() {
        store.close();
    }

    private static String nearest(StoreOp.Search search) {
        List<Item> hits = store.search(search.limit(3));
        assertTrue(hits.get(0).score().getAsDouble() > hits.get(1).score().getAsDouble(), "a clear winner");
        return (String) hits.get(0).value().get("text");
    }

    @Test
    void theNearestMemoryIsTheSensibleOne() {
        assertEquals(
                "My dog loves chasing the ball in the park",
                nearest(StoreOp.search(MEMORIES).query("dogs")));
        assertEquals(
                "I bake sourdough bread every Sunday morning",
                nearest(StoreOp.search(MEMORIES).query("baking bread at home")));
        assertEquals(
                "Remember to renew the passport before the trip",
                nearest(StoreOp.search(MEMORIES).query("travel documents")));
        assertEquals(
                "The Java build fails when the tests run out of memory",
                nearest(StoreOp.search(MEMORIES).query("programming problems")));
    }

    @Test
    void filtersStillApplyToTheRanking() {
        List<Item> hits = store.search(StoreOp.search(MEMORIES)
                .query("animals")
                .filter(Map.of("topic", "pets"))
                .limit(10));
        assertEquals(3, hits.size());
        assertTrue(hits.stream().allMatch(i -> i.value().get("topic").equals("pets")));
        assertEquals(
                "The cat sleeps on the windowsill all afternoon",
                nearest(StoreOp.search(MEMORIES).query("a sleepy kitten").filter(Map.of("topic", "pets"))));
    }
}
