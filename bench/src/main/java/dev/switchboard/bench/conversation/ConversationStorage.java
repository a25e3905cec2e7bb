package dev.switchboard.bench.conversation;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.langchain4j.ReactAgent;
import dev.switchboard.langchain4j.ReactAgentGraph;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.ThreadStorage;
import dev.switchboard.runtime.checkpoint.ThreadStorage.ChannelStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * "Cost grows with work" for a conversation: the prebuilt ReAct agent with one tool on a SQLite
 * file, one thread, a {@link Conversation} turn after turn; at each mark the bytes the thread has
 * stored and the file's size. Not timed: run it as a program.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar dev.switchboard.bench.conversation.ConversationStorage 50 200 400 800
 * </pre>
 */
public final class ConversationStorage {
    static final String THREAD = "conversation";

    private ConversationStorage() {}

    /**
     * What the thread had stored after a number of turns.
     *
     * @param turns the turns so far
     * @param storage what the saver reports the thread stores ({@code saver.storage(thread)})
     * @param fileBytes the SQLite file's size, its write-ahead log checkpointed into it
     */
    public record Mark(int turns, ThreadStorage storage, long fileBytes) {
        /**
         * Stored bytes: checkpoint headers and metadata, channel values, pending writes.
         *
         * @return bytes
         */
        public long storedBytes() {
            return storage.totalBytes();
        }

        /**
         * Stored bytes per turn.
         *
         * @return bytes
         */
        public long bytesPerTurn() {
            return storedBytes() / turns;
        }
    }

    /**
     * Runs the conversation in a new SQLite file in {@code dir} up to the last mark.
     *
     * @param dir an empty directory
     * @param marks the turn counts to measure at, ascending
     * @return one mark per turn count
     * @throws IOException if the file cannot be read
     * @throws SQLException if the file cannot be measured
     */
    public static List<Mark> run(Path dir, int... marks) throws IOException, SQLException {
        Path file = dir.resolve("conversation.db");
        List<Mark> out = new ArrayList<>();
        try (JdbcSaver saver = SqliteSaver.file(file)) {
            ReactAgentGraph agent = ReactAgent.create(Conversation.model(), Conversation.tools(), null)
                    .graph()
                    .checkpointer(saver)
                    .build();
            RunConfig thread = RunConfig.thread(THREAD);
            int turn = 0;
            for (int mark : marks) {
                while (turn < mark) {
                    turn++;
                    agent.invoke(
                            AgentStateUpdate.of().messages(List.of(Message.user(Conversation.question(turn)))), thread);
                }
                Conversation.check(agent.getState(thread).values().messages(), turn);
                out.add(new Mark(turn, saver.storage(THREAD), fileBytes(file)));
            }
        }
        return out;
    }

    private static long fileBytes(Path file) throws IOException, SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        }
        return Files.size(file);
    }

    /**
     * The marks as a Markdown table: stored bytes in all and per turn, where they go (the messages
     * channel's values, all pending writes, checkpoint headers and metadata), the file's size, and
     * the growth of both since the previous mark.
     *
     * @param rows the marks
     * @return the table
     */
    public static String table(List<Mark> rows) {
        StringBuilder out = new StringBuilder(
                "| turns | stored B | B per turn | messages values B | pending writes B | checkpoints B | SQLite file B"
                        + " | stored ÷ previous row | file ÷ previous row |\n|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        Mark previous = null;
        for (Mark m : rows) {
            String ratio = previous == null
                    ? "-"
                    : String.format(
                            Locale.ROOT,
                            "%.2f× for %.1f× the turns",
                            (double) m.storedBytes() / previous.storedBytes(),
                            (double) m.turns() / previous.turns());
            String fileRatio = previous == null
                    ? "-"
                    : String.format(Locale.ROOT, "%.2f×", (double) m.fileBytes() / previous.fileBytes());
            out.append(String.format(
                    Locale.ROOT,
                    "| %,d | %,d | %,d | %,d | %,d | %,d | %,d | %s | %s |%n",
                    m.turns(),
                    m.storedBytes(),
                    m.bytesPerTurn(),
                    m.storage()
                            .channels()
                            .getOrDefault("messages", ChannelStorage.NONE)
                            .valueBytes(),
                    m.storage().writeBytes(),
                    m.storage().checkpointBytes(),
                    m.fileBytes(),
                    ratio,
                    fileRatio));
            previous = m;
        }
        return out.toString();
    }

    /**
     * Prints the table for the turn counts given (default 50, 200, 400, 800).
     *
     * @param args turn counts, ascending
     * @throws Exception if the run fails
     */
    public static void main(String[] args) throws Exception {
        int[] marks = args.length == 0
                ? new int[] {50, 200, 400, 800}
                : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        Path dir = Files.createTempDirectory("conversation");
        List<Mark> rows = run(dir, marks);
        System.out.print(table(rows));
        Files.deleteIfExists(dir.resolve("conversation.db"));
        Files.deleteIfExists(dir.resolve("conversation.db-wal"));
        Files.deleteIfExists(dir.resolve("conversation.db-shm"));
        Files.deleteIfExists(dir);
    }
}
