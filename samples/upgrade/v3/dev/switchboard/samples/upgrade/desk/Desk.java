package dev.switchboard.samples.upgrade.desk;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Graph;
import dev.switchboard.annotation.Migration;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;
import java.util.Optional;

/** Release 3: the subject became a record, which a migration builds from release 2's string. */
@Graph(version = 3)
public class Desk {
    /** Every checkpoint of release 2 (and of release 1, through release 2's renames) reads through this. */
    @Migration(from = 2)
    static Ticket fromRelease2(TicketV2 old) {
        Subject subject = old.subject() == null ? null : new Subject(old.subject(), old.subject().equals("billing"));
        return new Ticket(old.log(), subject, old.priority());
    }

    @Node
    @Edge(from = START)
    TicketUpdate triage(Ticket t) {
        String text = t.log().get(0).toLowerCase();
        boolean money = text.contains("refund") || text.contains("invoice");
        return TicketUpdate.of()
                .subject(new Subject(money ? "billing" : "technical", money))
                .priority(Optional.of(text.contains("crash") ? "high" : "normal"));
    }

    @Node
    @Edge(from = "triage")
    TicketUpdate approval(Ticket t, NodeContext ctx) {
        String verdict = ctx.interrupt("approve the " + t.subject().team() + " answer?", String.class);
        return TicketUpdate.of().log(List.of("approved: " + verdict));
    }

    @Node
    @Edge(from = "approval")
    TicketUpdate answer(Ticket t) {
        String money = t.subject().money() ? ", refund checked" : "";
        return TicketUpdate.of()
                .log(List.of("answered by the " + t.subject().team() + " team" + money + ", priority "
                        + t.priority().orElse("not set")));
    }
}
