package dev.switchboard.samples.approval;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.Interrupt;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.StateSnapshot;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The approval workflow as a command-line program whose every invocation is a new JVM: the post
 * waits for its reviewer in a SQLite file between runs.
 *
 * <pre>
 * ApprovalSample [--db FILE] [--thread ID] start TOPIC    draft a post and pause for review
 * ApprovalSample [--db FILE] [--thread ID] reject FEEDBACK  ask for changes; pauses again
 * ApprovalSample [--db FILE] [--thread ID] approve          publish the draft under review
 * ApprovalSample [--db FILE] [--thread ID] show             the post and what it waits for
 * </pre>
 */
public final class ApprovalSample {
    static final String USAGE =
            "usage: ApprovalSample [--db FILE] [--thread ID] (start TOPIC | reject FEEDBACK |" + " approve | show)";

    private ApprovalSample() {}

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
        Path db = Path.of("switchboard-approval.db");
        String thread = "post";
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
        if (rest.isEmpty()) {
            err.println(USAGE);
            return 2;
        }
        String command = rest.get(0);
        String text = String.join(" ", rest.subList(1, rest.size())).trim();
        if ((command.equals("start") || command.equals("reject")) == text.isEmpty()) {
            err.println(USAGE);
            return 2;
        }
        try (JdbcSaver saver = SqliteSaver.file(db)) {
            ApprovalFlowGraph graph = ApprovalFlowGraph.builder(
                            new ApprovalFlow(Writer.template(), published -> out.println("PUBLISHED: " + published)))
                    .checkpointer(saver)
                    .build();
            RunConfig config = RunConfig.thread(thread);
            StateSnapshot<Post> state = graph.getState(config);
            boolean awaiting = !state.interrupts().isEmpty();
            switch (command) {
                case "start" -> {
                    if (awaiting) {
                        err.println("thread '" + thread + "' has a draft awaiting review; approve or reject it first");
                        return 1;
                    }
                    report(out, thread, graph.invoke(PostUpdate.of().topic(text), config));
                }
                case "approve", "reject" -> {
                    if (!awaiting) {
                        err.println("nothing awaits review on thread '" + thread + "'; start a post with: start TOPIC");
                        return 1;
                    }
                    Decision decision = command.equals("approve") ? Decision.approve() : Decision.revise(text);
                    report(out, thread, graph.invoke(Command.resume(decision), config));
                }
                case "show" -> show(out, thread, state);
                default -> {
                    err.println(USAGE);
                    return 2;
                }
            }
        }
        return 0;
    }

    private static void report(PrintStream out, String thread, GraphOutput<Post> result) {
        if (result.paused()) {
            for (Interrupt i : result.interrupts()) {
                Review review = i.value(Review.class);
                out.println("AWAITING REVIEW (thread '" + thread + "', revision " + review.revision() + "): "
                        + review.draft());
            }
        } else {
            out.println("DONE (thread '" + thread + "'): " + result.value().status());
        }
    }

    private static void show(PrintStream out, String thread, StateSnapshot<Post> state) {
        Post post = state.values();
        if (post.topic() == null) {
            out.println("thread '" + thread + "' is empty");
            return;
        }
        out.println("topic: " + post.topic());
        out.println("status: " + post.status() + " after " + post.revisions() + " revision(s)");
        out.println("draft: " + post.draft());
        out.println("feedback: " + post.feedback());
        for (Interrupt i : state.interrupts()) {
            // Read back from the checkpoint, value() is plain JSON; value(Review.class) is the record.
            out.println("awaiting review of: " + i.value(Review.class).draft());
        }
    }
}
