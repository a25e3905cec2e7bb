package dev.switchboard.samples.upgrade.desk;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.Optional;

/** Release 2: the node that waits for a human is now called approval. */
@Graph(version = 2)
public class Desk {
    @Node
    @Edge(from = START)
    TicketUpdate triage(Ticket t) {
        String text = t.log().get(0).toLowerCase();
        return TicketUpdate.of()
                .subject(text.contains("refund") || text.contains("invoice") ? "billing" : "technical")
                .priority(Optional.of(text.contains("crash") ? "high" : "normal"));
    }

    @Node(renamedFrom = "hold")
    @Edge(from = "triage")
    TicketUpdate approval(Ticket t, NodeContext ctx) {
        String verdict = ctx.interrupt("approve the " + t.subject() + " answer?", String.class);
        return TicketUpdate.of().log(List.of("approved: " + verdict));
    }

    @Node
    @Edge(from = "approval")
    TicketUpdate answer(Ticket t) {
        return TicketUpdate.of()
                .log(List.of("answered by the " + t.subject() + " team, priority "
                        + t.priority().orElse("not set")));
    }
}
