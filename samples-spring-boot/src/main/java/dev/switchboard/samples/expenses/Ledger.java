package dev.switchboard.samples.expenses;

import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;

/**
 * The accounting system claims are booked in; here it only takes the policy's booking time and
 * numbers the entries of this JVM. A bean like any other, injected into the graph's nodes.
 */
@Component
public class Ledger {
    private final ExpensePolicy policy;
    private final AtomicInteger entries = new AtomicInteger();

    /**
     * Creates the ledger.
     *
     * @param policy how long booking takes, and this JVM's name
     */
    public Ledger(ExpensePolicy policy) {
        this.policy = policy;
    }

    /**
     * Books a claim.
     *
     * @param expense the approved claim
     * @return the ledger entry's reference
     */
    public String book(Expense expense) {
        try {
            Thread.sleep(policy.bookingTime().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("booking was interrupted", e);
        }
        return policy.instance() + "-" + entries.incrementAndGet();
    }
}
