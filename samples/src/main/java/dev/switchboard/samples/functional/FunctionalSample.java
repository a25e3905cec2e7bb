package dev.switchboard.samples.functional;

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
 * The functional API as a command-line program whose every invocation is a new JVM: the essay
 * waits for its review in a SQLite file, and a resumed run writes no section again.
 *
 * <pre>
 * FunctionalSample [--db FILE] write TOPIC   outline, write the sections, pause for review
 * FunctionalSample [--db FILE] review TEXT   answer the review; the essay is done
 * </pre>
 */
public final class FunctionalSample {
    static final String USAGE = "usage: FunctionalSample [--db FILE] (write TOPIC | review TEXT)";

    private FunctionalSample() {}

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
        Path db = Path.of("switchboard-essay.db");
        List<String> rest = new ArrayList<>(List.of(args));
        if (rest.size() >= 2 && rest.get(0).equals("--db")) {
            db = Path.of(rest.get(1));
            rest = rest.subList(2, rest.size());
        }
        if (rest.size() < 2 || !(rest.get(0).equals("write") || rest.get(0).equals("review"))) {
            err.println(USAGE);
            return 2;
        }
        String text = String.join(" ", rest.subList(1, rest.size()));
        try (JdbcSaver saver = SqliteSaver.file(db)) {
            EssayWriterWorkflow workflow = EssayWriterWorkflow.builder(new EssayWriter(p -> out.println("WROTE: " + p)))
                    .checkpointer(saver)
                    .build();
            RunConfig config = RunConfig.thread("essay");
            GraphOutput<Essay> result = rest.get(0).equals("write")
                    ? workflow.invoke(text, config)
                    : workflow.invoke(Command.resume(text), config);
            if (result.paused()) {
                out.println("WAITING: " + result.interrupts().get(0).value());
            } else {
                Essay e = result.value();
                out.println("DONE: " + e.topic() + ", " + e.paragraphs().size() + " sections, " + e.verdict());
            }
        }
        return 0;
    }
}
