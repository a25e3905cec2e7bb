package dev.switchboard.samples.expenses;

import static dev.switchboard.annotation.Graph.END;
import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Route;
import dev.switchboard.runtime.NodeContext;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The expense approval graph's nodes, a Spring bean: a claim is checked, approved at once up to
 * the policy's limit or else by a manager (the run pauses on an interrupt until one answers), and
 * an approved claim is booked in the ledger.
 */
@Component
public class ExpenseApproval {
    private final ExpensePolicy policy;
    private final Ledger ledger;

    /**
     * Creates the nodes.
     *
     * @param policy the approval limit and this JVM's name
     * @param ledger where approved claims are booked
     */
    public ExpenseApproval(ExpensePolicy policy, Ledger ledger) {
        this.policy = policy;
        this.ledger = ledger;
    }

    @Node
    @Edge(from = START)
    ExpenseUpdate submit(Expense e) {
        if (e.amount() == null || e.amount().signum() <= 0) {
            return ExpenseUpdate.of().status("rejected").journal(List.of("refused: no positive amount"));
        }
        return ExpenseUpdate.of().status("submitted").journal(List.of(line("submitted", e.amount())));
    }

    @Route(
            from = "submit",
            to = {"review", "book", END})
    String afterSubmit(Expense e) {
        if (e.status().equals("rejected")) {
            return END;
        }
        return policy.needsApproval(e.amount()) ? "review" : "book";
    }

    @Node
    ExpenseUpdate review(Expense e, NodeContext ctx) {
        Decision d = ctx.interrupt(
                Map.of(
                        "question", "Approve this expense?",
                        "employee", String.valueOf(e.employee()),
                        "description", String.valueOf(e.description()),
                        "amount", e.amount()),
                Decision.class);
        return ExpenseUpdate.of()
                .status(d.approved() ? "approved" : "rejected")
                .approver(d.by())
                .journal(List.of(line((d.approved() ? "approved by " : "rejected by ") + d.by(), e.amount())));
    }

    @Route(
            from = "review",
            to = {"book", END})
    String afterReview(Expense e) {
        return e.status().equals("approved") ? "book" : END;
    }

    @Node
    ExpenseUpdate book(Expense e) {
        String entry = ledger.book(e);
        return ExpenseUpdate.of()
                .status("booked")
                .entry(entry)
                .journal(List.of(line("booked as " + entry, e.amount())));
    }

    private String line(String what, BigDecimal amount) {
        return what + " (" + amount.toPlainString() + ") on " + policy.instance();
    }
}
