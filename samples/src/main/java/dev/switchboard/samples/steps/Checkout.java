package dev.switchboard.samples.steps;

import static dev.switchboard.annotation.Graph.START;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.runtime.NodeContext;
import java.util.List;

/**
 * One node with three side effects and two pauses: it charges the customer, asks a clerk to
 * approve the shipment, asks the customer to confirm the address, then mails a confirmation. A
 * resumed node runs again from its first line, so without durable steps every resume would charge
 * again; as steps, the charge and the mail each happen once, whichever JVM resumes the run.
 */
public class Checkout {
    private final Ledger ledger;

    /**
     * Creates the node.
     *
     * @param ledger the payment provider and mailer
     */
    public Checkout(Ledger ledger) {
        this.ledger = ledger;
    }

    @Node
    @Edge(from = START)
    PurchaseUpdate checkout(Purchase p, NodeContext ctx) {
        Receipt receipt = ctx.step("charge", Receipt.class, () -> ledger.charge(p.item(), p.cents()));
        String clerk = ctx.interrupt("ship " + p.item() + " (" + receipt.id() + ")?", String.class);
        String address = ctx.interrupt("confirm the address", String.class);
        ctx.step("mail", () -> ledger.mail(receipt.id() + " ships to " + address + ", approved by " + clerk));
        return PurchaseUpdate.of().events(List.of("charged " + receipt.id(), "shipping to " + address));
    }
}
