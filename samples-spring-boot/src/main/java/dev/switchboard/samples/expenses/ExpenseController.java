package dev.switchboard.samples.expenses;

import dev.switchboard.runtime.RunConfig;
import dev.switchboard.server.SwitchboardServer;
import java.security.Principal;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The application's own route beside LangGraph's API: a claim's summary, read straight from the
 * graph bean (the thread the API ran, through the same saver). A signed-in user's thread ids are
 * their own, so the thread is named as the server stores it ({@link
 * SwitchboardServer#storedThreadId}).
 */
@RestController
public class ExpenseController {
    private final ExpenseApprovalGraph expenses;
    private final SwitchboardServer server;

    /**
     * Creates the controller.
     *
     * @param expenses the graph bean
     * @param server the server, which knows how a user's thread id is stored
     */
    public ExpenseController(ExpenseApprovalGraph expenses, SwitchboardServer server) {
        this.expenses = expenses;
        this.server = server;
    }

    /**
     * A claim's summary.
     *
     * @param threadId the claim's thread, as the signed-in user names it
     * @param user the signed-in user
     * @return its status, amount and approver
     */
    @GetMapping("/expenses/{threadId}")
    public Map<String, Object> summary(@PathVariable String threadId, Principal user) {
        String stored = server.storedThreadId(user == null ? null : user.getName(), threadId);
        Expense e = expenses.getState(RunConfig.thread(stored)).values();
        return Map.of(
                "status", String.valueOf(e.status()),
                "amount", e.amount().toPlainString(),
                "approver", String.valueOf(e.approver()));
    }
}
