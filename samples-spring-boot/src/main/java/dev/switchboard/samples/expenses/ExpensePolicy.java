package dev.switchboard.samples.expenses;

import java.math.BigDecimal;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code expenses.*} settings: up to which amount a claim is approved without a manager, how
 * long booking takes (the ledger is a remote system in real life), and this JVM's name in the
 * claims' journals.
 *
 * @param autoApproveLimit claims up to this amount need no manager
 * @param bookingTime how long booking one claim takes
 * @param instance this JVM's name, e.g. {@code web-1}
 */
@ConfigurationProperties("expenses")
public record ExpensePolicy(BigDecimal autoApproveLimit, Duration bookingTime, String instance) {
    /** Fills in the defaults: 100, no wait, "local". */
    public ExpensePolicy {
        autoApproveLimit = autoApproveLimit == null ? new BigDecimal("100") : autoApproveLimit;
        bookingTime = bookingTime == null ? Duration.ZERO : bookingTime;
        instance = instance == null ? "local" : instance;
    }

    boolean needsApproval(BigDecimal amount) {
        return amount.compareTo(autoApproveLimit) > 0;
    }
}
