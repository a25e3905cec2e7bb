package dev.switchboard.samples.quickstart;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.Locale;

/**
 * A support desk as a graph: {@code classify} reads the latest message, a route sends the ticket to
 * {@code billing} or {@code general}, and {@code wrapUp} runs after either. The processor checks
 * this wiring at compile time and generates {@code SupportDeskGraph} to run it.
 */
public class SupportDesk {
    @Node
    @Edge(from = START)
    TicketUpdate classify(Ticket ticket) {
        List<String> messages = ticket.messages();
        String latest = messages.get(messages.size() - 1).toLowerCase(Locale.ROOT);
        boolean money = latest.contains("refund") || latest.contains("invoice");
        return TicketUpdate.of().topic(money ? "billing" : "general");
    }

    @Route(
            from = "classify",
            to = {"billing", "general"})
    String byTopic(Ticket ticket) {
        return ticket.topic();
    }

    @Node
    TicketUpdate billing(Ticket ticket) {
        return TicketUpdate.of()
                .messages(List.of("billing: a refund form is on its way"))
                .turns(1);
    }

    @Node
    TicketUpdate general(Ticket ticket, NodeContext ctx) {
        ctx.emit("searching the FAQ");
        return TicketUpdate.of().messages(List.of("general: see our FAQ")).turns(1);
    }

    @Node
    @Edge(from = "billing")
    @Edge(from = "general")
    TicketUpdate wrapUp(Ticket ticket) {
        return TicketUpdate.of().messages(List.of("wrap-up: anything else?")).turns(1);
    }
}
