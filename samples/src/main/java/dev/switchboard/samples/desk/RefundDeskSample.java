package dev.switchboard.samples.desk;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.middleware.ApprovalRequest;
import dev.switchboard.agent.middleware.ApprovalResponse;
import dev.switchboard.agent.middleware.ApprovalResponse.Decision;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.langchain4j.AgentStateUpdate;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The refund desk as a command-line program whose every invocation is a new JVM: a thread, its
 * pending refund reviews and its summaries live in a SQLite file between runs.
 *
 * <pre>
 * RefundDeskSample [--db FILE] [--thread ID] ask TEXT        ask the desk ("refund order 42")
 * RefundDeskSample [--db FILE] [--thread ID] approve         approve the refund under review
 * RefundDeskSample [--db FILE] [--thread ID] edit AMOUNT     approve it for another amount
 * RefundDeskSample [--db FILE] [--thread ID] reject REASON   reject it, with the reason the model reads
 * RefundDeskSample [--db FILE] [--thread ID] show            the conversation and what it waits for
 * </pre>
 */
public final class RefundDeskSample {
    static final String USAGE =
            "usage: RefundDeskSample [--db FILE] [--thread ID] (ask TEXT | approve | edit AMOUNT | reject REASON | show)";

    private RefundDeskSample() {}

    /**
     * Runs one command.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs one command.
     *
     * @param args the command line
     * @param out where results go
     * @param err where errors go
     * @return the exit status: 0 done, 1 refused in this state, 2 bad command line
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Path db = Path.of("switchboard-desk.db");
        String thread = "desk";
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if ((args[i].equals("--db") || args[i].equals("--thread")) && i + 1 < args.length) {
                if (args[i].equals("--db")) {
                    db = Path.of(args[++i]);
                } else {
                    thread = args[++i];
                }
            } else {
                rest.add(args[i]);
            }
        }
        String command = rest.isEmpty() ? "" : rest.get(0);
        String text = rest.isEmpty()
                ? ""
                : String.join(" ", rest.subList(1, rest.size())).trim();
        if (!List.of("ask", "approve", "edit", "reject", "show").contains(command)
                || List.of("ask", "edit", "reject").contains(command) == text.isEmpty()
                || command.equals("edit") && !text.matches("[0-9]+(\\.[0-9]+)?")) {
            err.println(USAGE);
            return 2;
        }
        try (JdbcSaver saver = SqliteSaver.file(db)) {
            Agent<Resolution> desk = RefundDesk.offline(saver);
            RunConfig config = RunConfig.thread(thread);
            StateSnapshot<AgentState<Resolution>> state = desk.getState(config);
            boolean awaiting = !state.interrupts().isEmpty();
            if (command.equals("show")) {
                show(out, state);
                return 0;
            }
            if (command.equals("ask") == awaiting) {
                err.println(
                        awaiting
                                ? "a refund awaits review on thread '" + thread + "'; approve or reject it first"
                                : "nothing awaits review on thread '" + thread + "'; ask the desk first");
                return 1;
            }
            GraphOutput<AgentState<Resolution>> result = switch (command) {
                case "ask" -> desk.invoke(AgentStateUpdate.of().messages(List.of(Message.user(text))), config);
                case "approve" -> desk.invoke(Command.resume(ApprovalResponse.of(Decision.approve())), config);
                case "edit" -> desk.invoke(Command.resume(ApprovalResponse.of(edited(state, text))), config);
                default -> desk.invoke(Command.resume(ApprovalResponse.of(Decision.reject(text))), config);
            };
            report(out, result);
        }
        return 0;
    }

    /** The refund under review, for another amount. */
    private static Decision edited(StateSnapshot<AgentState<Resolution>> state, String amount) {
        ApprovalRequest.ActionRequest refund = state.interrupts()
                .get(0)
                .value(ApprovalRequest.class)
                .actionRequests()
                .get(0);
        Map<String, Object> args = new LinkedHashMap<>(refund.args());
        args.put("amount", new BigDecimal(amount));
        return Decision.edit(refund.name(), args);
    }

    private static void report(PrintStream out, GraphOutput<AgentState<Resolution>> result) {
        if (result.paused()) {
            for (Interrupt i : result.interrupts()) {
                for (ApprovalRequest.ActionRequest a :
                        i.value(ApprovalRequest.class).actionRequests()) {
                    out.println("REVIEW " + a.name() + " " + a.args() + ": " + a.description());
                }
            }
            return;
        }
        Resolution r = result.value().structuredResponse().orElse(null);
        out.println(
                r == null
                        ? "NO RESOLUTION: " + last(result.value())
                        : "RESOLVED " + r.orderId() + " " + r.outcome() + ": " + r.summary());
    }

    private static String last(AgentState<?> state) {
        Message m = state.messages().get(state.messages().size() - 1);
        return m.chat() instanceof AiMessage a ? a.text() : String.valueOf(m.chat());
    }

    private static void show(PrintStream out, StateSnapshot<AgentState<Resolution>> state) {
        for (Message m : state.values().messages()) {
            if (m.chat() instanceof UserMessage u) {
                out.println("human: " + u.singleText());
            } else if (m.chat() instanceof AiMessage a) {
                out.println("ai: "
                        + (a.hasToolExecutionRequests()
                                ? "calls " + a.toolExecutionRequests().get(0).name()
                                : a.text()));
            } else if (m.chat() instanceof ToolExecutionResultMessage t) {
                out.println("tool " + t.toolName() + ": " + t.text());
            }
        }
        for (Interrupt i : state.interrupts()) {
            i.value(ApprovalRequest.class)
                    .actionRequests()
                    .forEach(a -> out.println("awaiting review: " + a.description()));
        }
    }
}
