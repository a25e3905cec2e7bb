package dev.switchboard.samples.quickstart;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs the {@link SupportDesk} graph twice: once to completion with {@code invoke}, once as a
 * stream of each node's updates and of the custom events nodes emit.
 */
public final class Quickstart {
    private Quickstart() {}

    /**
     * Runs the sample.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out);
    }

    static void run(PrintStream out) {
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
    }
}
