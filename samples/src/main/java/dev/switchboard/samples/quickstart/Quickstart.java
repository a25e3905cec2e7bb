package dev.switchboard.samples.quickstart;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs the {@link SupportDesk} graph three ways: to completion with {@code invoke}; as a stream of
 * each node's updates and of the custom events nodes emit; and on a thread kept in a SQLite file,
 * which every run of this program continues.
 */
public final class Quickstart {
    /** Where the persistent thread lives unless the first argument names another file. */
    static final Path DEFAULT_DATABASE = Path.of("switchboard-quickstart.db");

    private Quickstart() {}

    /**
     * Runs the sample.
     *
     * @param args optionally, the SQLite file to keep the thread in
     */
    public static void main(String[] args) {
        run(System.out, args.length > 0 ? Path.of(args[0]) : DEFAULT_DATABASE);
    }

    static void run(PrintStream out, Path database) {
        SupportDeskGraph graph = SupportDeskGraph.builder(new SupportDesk()).build();

        Ticket refund = graph.invoke(TicketUpdate.of().messages(List.of("I want a refund")))
                .value();
        out.println("invoke: " + refund);

        out.println("stream:");
        TicketUpdate question = TicketUpdate.of().messages(List.of("How do I reset my password?"));
        // Close the stream: it stops the run if we leave early.
        try (Stream<StreamPart<Ticket>> events =
                graph.stream(question, RunConfig.defaults(), StreamMode.UPDATES, StreamMode.CUSTOM)) {
            events.forEach(event -> out.println("  " + event));
        }

        // With a checkpointer, a run continues its thread's state and checkpoints every superstep.
        try (JdbcSaver saver = SqliteSaver.file(database)) {
            SupportDeskGraph desk = SupportDeskGraph.builder(new SupportDesk())
                    .checkpointer(saver)
                    .build();
            RunConfig thread = RunConfig.thread("desk");
            Ticket ticket = desk.invoke(TicketUpdate.of().messages(List.of("Where is my invoice?")), thread)
                    .value();
            out.println("thread 'desk' in " + database + ": "
                    + ticket.messages().size() + " messages, "
                    + ticket.turns() + " turns, " + desk.getStateHistory(thread).size()
                    + " checkpoints (run again to continue it)");
        }
    }
}
