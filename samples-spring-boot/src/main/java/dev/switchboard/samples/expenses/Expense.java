package dev.switchboard.samples.expenses;

import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.reducer.Append;
import java.math.BigDecimal;
import java.util.List;

/**
 * An expense claim as it goes through approval: who claims what and how much, where it stands,
 * who approved it, its ledger entry, and a journal of what happened where (each line names the
 * JVM that did it, so the two-JVM set-up shows who ran what).
 *
 * @param employee who claims it
 * @param description what for
 * @param amount how much, digit for digit
 * @param status submitted, approved, rejected or booked
 * @param approver the manager who decided, when one had to
 * @param entry the ledger entry, once booked
 * @param journal what happened, in order
 */
public record Expense(
        String employee,
        String description,
        BigDecimal amount,
        String status,
        String approver,
        String entry,
        @Reducer(Append.class) List<String> journal) {}
