package dev.switchboard.samples.expenses;

import dev.switchboard.runtime.RunConfig;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The application's own route beside LangGraph's API: a claim's summary, read straight from the
 * graph bean (the thread the API ran, through the same saver).
 */
@RestController
public class ExpenseController {
    private final ExpenseApprovalGraph expenses;

    /**
     * Creates the controller.
     *
     * @param expenses the graph bean
     */
    public ExpenseController(ExpenseApprovalGraph expenses) {
        this.expenses = expenses;
    }

    /**
     * A claim's summary.
     *
     * @param threadId the claim's thread
     * @return its status, amount and approver
     */
    @GetMapping("/expenses/{threadId}")
    public Map<String, Object> summary(@PathVariable String threadId) {
        Expense e = expenses.getState(RunConfig.thread(threadId)).values();
        return Map.of(
                "status", String.valueOf(e.status()),
                "amount", e.amount().toPlainString(),
                "approver", String.valueOf(e.approver()));
    }
}
