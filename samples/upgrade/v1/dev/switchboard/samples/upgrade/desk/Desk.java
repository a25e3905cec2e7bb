package dev.switchboard.samples.upgrade.desk;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;

/** Release 1: triage a ticket, wait for a human to approve the answer, answer. */
@Graph(version = 1)
public class Desk {
    @Node
    @Edge(from = START)
    TicketUpdate triage(Ticket t) {
        String text = t.log().get(0).toLowerCase();
        return TicketUpdate.of().topic(text.contains("refund") || text.contains("invoice") ? "billing" : "technical");
    }

    @Node
    @Edge(from = "triage")
    TicketUpdate hold(Ticket t, NodeContext ctx) {
        String verdict = ctx.interrupt("approve the " + t.topic() + " answer?", String.class);
        return TicketUpdate.of().log(List.of("approved: " + verdict));
    }

    @Node
    @Edge(from = "hold")
    TicketUpdate answer(Ticket t) {
        return TicketUpdate.of().log(List.of("answered by the " + t.topic() + " team"));
    }
}
