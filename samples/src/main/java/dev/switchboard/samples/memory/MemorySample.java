package dev.switchboard.samples.memory;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.JdbcStore;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.checkpoint.jdbc.SqliteStore;
import dev.switchboard.runtime.RunConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * Long-term memory across threads, in one SQLite file: on Monday's thread the user says what they
 * like; on Tuesday's thread (a new conversation, empty state) the agent still knows. Run it twice:
 * the memory outlives the JVM too.
 */
public final class MemorySample {
    private MemorySample() {}

    /**
     * Runs two conversations on two threads.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        Path file = Path.of("switchboard-memory.db");
        for (String line : talk(file, "ada")) {
            System.out.println(line);
        }
    }

    /**
     * Has the two conversations, with the checkpoints and the store in {@code file}.
     *
     * @param file the SQLite file
     * @param user the user id
     * @return the transcript
     */
    public static List<String> talk(Path file, String user) {
        try (JdbcSaver saver = SqliteSaver.file(file);
                JdbcStore store = SqliteStore.file(file)) {
            PreferenceAgentGraph agent = PreferenceAgentGraph.builder(new PreferenceAgent())
                    .checkpointer(saver)
                    .store(store)
                    .build();
            String monday = agent.invoke(
                            TurnUpdate.of().user(user).message("I like green tea"), RunConfig.thread("monday"))
                    .value()
                    .reply();
            String tuesday = agent.invoke(
                            TurnUpdate.of().user(user).message("What should I drink?"), RunConfig.thread("tuesday"))
                    .value()
                    .reply();
            return List.of("monday: " + monday, "tuesday: " + tuesday);
        }
    }
}
