package dev.switchboard.samples.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.checkpoint.jdbc.JdbcStore;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemorySampleTest {
    @TempDir
    Path dir;

    @Test
    void theSecondThreadKnowsWhatTheFirstLearned() {
        Path file = dir.resolve("memory.db");
        assertEquals(
                List.of("monday: Noted, I will remember that.", "tuesday: How about green tea, as you told me?"),
                MemorySample.talk(file, "ada"));
        try (JdbcStore store = SqliteStore.file(file)) {
            assertEquals(
                    Optional.of(new Preference("green tea")),
                    store.get(PreferenceAgent.prefs("ada"), "drink", Preference.class));
            assertEquals(
                    Map.of("drink", "green tea"),
                    store.get(PreferenceAgent.prefs("ada"), "drink")
                            .orElseThrow()
                            .value());
            assertEquals(Optional.empty(), store.get(PreferenceAgent.prefs("bob"), "drink"));
        }
    }
}
