package dev.switchboard.samples.steps;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Durable steps as a command-line program whose every invocation is a new JVM: the purchase waits
 * in a SQLite file between runs, and the ledger file next to it shows that the customer was
 * charged once and mailed once, however many runs resumed the node.
 *
 * <pre>
 * StepsSample [--db FILE] buy ITEM CENTS   charge, then pause for the clerk
 * StepsSample [--db FILE] answer TEXT      answer the question the purchase waits at
 * StepsSample [--db FILE] ledger           what the provider and the mailer did
 * </pre>
 */
public final class StepsSample {
    static final String USAGE = "usage: StepsSample [--db FILE] (buy ITEM CENTS | answer TEXT | ledger)";

    private StepsSample() {}

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
     * @return the exit status: 0 done, 2 bad command line
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Path db = Path.of("switchboard-steps.db");
        List<String> rest = new ArrayList<>(List.of(args));
        if (rest.size() >= 2 && rest.get(0).equals("--db")) {
            db = Path.of(rest.get(1));
            rest = rest.subList(2, rest.size());
        }
        Ledger ledger = new Ledger(Path.of(db + ".ledger.txt"));
        if (rest.size() == 1 && rest.get(0).equals("ledger")) {
            ledger.lines().forEach(out::println);
            return 0;
        }
        boolean buy =
                rest.size() == 3 && rest.get(0).equals("buy") && rest.get(2).matches("\\d{1,9}");
        boolean answer = rest.size() >= 2 && rest.get(0).equals("answer");
        if (!buy && !answer) {
            err.println(USAGE);
            return 2;
        }
        try (JdbcSaver saver = SqliteSaver.file(db)) {
            CheckoutGraph graph = CheckoutGraph.builder(new Checkout(ledger))
                    .checkpointer(saver)
                    .build();
            RunConfig config = RunConfig.thread("purchase");
            GraphOutput<Purchase> result = buy
                    ? graph.invoke(PurchaseUpdate.of().item(rest.get(1)).cents(Integer.parseInt(rest.get(2))), config)
                    : graph.invoke(Command.resume(String.join(" ", rest.subList(1, rest.size()))), config);
            if (result.paused()) {
                out.println("WAITING: " + result.interrupts().get(0).value());
            } else {
                out.println("DONE: " + result.value().events());
            }
        }
        return 0;
    }
}
