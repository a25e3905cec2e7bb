package dev.switchboard.samples.quickstart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StreamMode;
import dev.switchboard.runtime.StreamPart;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuickstartTest {
    private final SupportDeskGraph graph =
            SupportDeskGraph.builder(new SupportDesk()).build();

    private Ticket ask(String message) {
        return graph.invoke(TicketUpdate.of().messages(List.of(message))).value();
    }

    @Test
    void refundGoesToBillingThenWrapUp() {
        assertEquals(
                new Ticket(
                        List.of("I want a refund", "billing: a refund form is on its way", "wrap-up: anything else?"),
                        2,
                        "billing"),
                ask("I want a refund"));
    }

    @Test
    void invoiceGoesToBillingWhateverTheCase() {
        assertEquals("billing", ask("Where is my INVOICE?").topic());
    }

    @Test
    void anythingElseGoesToGeneral() {
        Ticket out = ask("How do I reset my password?");
        assertEquals("general", out.topic());
        assertEquals(
                List.of("How do I reset my password?", "general: see our FAQ", "wrap-up: anything else?"),
                out.messages());
        assertEquals(2, out.turns());
    }

    @Test
    void streamShowsEachNodesWritesAndTheCustomEvent() {
        List<StreamPart<Ticket>> events;
        try (Stream<StreamPart<Ticket>> stream = graph.stream(
                TicketUpdate.of().messages(List.of("hello")),
                RunConfig.defaults(),
                StreamMode.UPDATES,
                StreamMode.CUSTOM)) {
            events = stream.toList();
        }
        assertEquals(
                List.of(
                        new StreamPart.Updates<Ticket>("classify", Map.of("topic", "general")),
                        new StreamPart.Custom<Ticket>("general", "searching the FAQ"),
                        new StreamPart.Updates<Ticket>(
                                "general", Map.of("messages", List.of("general: see our FAQ"), "turns", 1)),
                        new StreamPart.Updates<Ticket>(
                                "wrapUp", Map.of("messages", List.of("wrap-up: anything else?"), "turns", 1))),
                events);
    }

    @Test
    void billingEmitsNoCustomEvent() {
        try (Stream<StreamPart<Ticket>> stream = graph.stream(
                TicketUpdate.of().messages(List.of("refund please")), RunConfig.defaults(), StreamMode.CUSTOM)) {
            assertEquals(List.of(), stream.toList());
        }
    }

    @Test
    void programPrintsTheRunTheStreamAndThePersistentThread(@TempDir Path dir) {
        Path database = dir.resolve("desk.db");
        List<String> first = runProgram(database);
        assertEquals(
                List.of(
                        "invoke: Ticket[messages=[I want a refund, billing: a refund form is on its way,"
                                + " wrap-up: anything else?], turns=2, topic=billing]",
                        "stream:",
                        "  Updates[node=classify, writes={topic=general}]",
                        "  Custom[node=general, payload=searching the FAQ]",
                        "  Updates[node=general, writes={messages=[general: see our FAQ], turns=1}]",
                        "  Updates[node=wrapUp, writes={messages=[wrap-up: anything else?], turns=1}]",
                        "thread 'desk' in " + database + ": 3 messages, 2 turns, 5 checkpoints (run again to"
                                + " continue it)"),
                first);
        // A second run (a new graph and saver, as a new JVM would have) continues the thread.
        List<String> second = runProgram(database);
        assertEquals(
                "thread 'desk' in " + database + ": 6 messages, 4 turns, 10 checkpoints (run again to continue"
                        + " it)",
                second.get(second.size() - 1));
    }

    private static List<String> runProgram(Path database) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Quickstart.run(new PrintStream(bytes, true, StandardCharsets.UTF_8), database);
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
