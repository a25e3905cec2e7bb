package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Entrypoint;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Task;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.reducer.Append;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the checkout logged. */
record Paid(@Reducer(Append.class) List<String> log) {}

/**
 * Charges, asks for approval twice, sends a mail. Every side effect is appended to {@code
 * effects.txt} in {@code dir} with the JVM's pid; at a point {@code p}, if the file {@code hang-p}
 * exists, the node creates {@code p-reached} and waits there until the parent kills its JVM.
 */
class Checkout {
    private final Path dir;

    Checkout(Path dir) {
        this.dir = dir;
    }

    @Node
    @Edge(from = START)
    PaidUpdate pay(Paid s, NodeContext ctx) {
        String receipt = ctx.step("charge", String.class, () -> "r-" + effect("charge"));
        hangAt("after-charge");
        String first = ctx.interrupt("approve " + receipt + "?", String.class);
        String second = ctx.interrupt("really?", String.class);
        ctx.step("mail", () -> effect("mail"));
        hangAt("after-mail");
        return PaidUpdate.of().log(List.of(receipt + ":" + first + ":" + second));
    }

    long effect(String name) {
        long pid = ProcessHandle.current().pid();
        append("effects.txt", name + " " + pid);
        return pid;
    }

    void hangAt(String point) {
        if (!Files.exists(dir.resolve("hang-" + point))) {
            return;
        }
        append(point + "-reached", "");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Racers.sleep(5);
        }
        throw new IllegalStateException("the parent never killed this JVM at " + point);
    }

    private void append(String file, String line) {
        try {
            Files.writeString(
                    dir.resolve(file),
                    line + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

/** The same checkout as a functional workflow: the charge and the mail are tasks. */
class CheckoutFlow {
    private final Checkout effects;

    CheckoutFlow(Path dir) {
        this.effects = new Checkout(dir);
    }

    @Task
    String charge(String order) {
        return "r-" + effects.effect("charge");
    }

    @Task
    void mail(String receipt) {
        effects.effect("mail");
    }

    @Entrypoint(name = "checkout")
    String checkout(String order, CheckoutFlowTasks tasks, NodeContext ctx) {
        String receipt = tasks.charge(order).join();
        effects.hangAt("after-charge");
        String first = ctx.interrupt("approve " + receipt + "?", String.class);
        String second = ctx.interrupt("really?", String.class);
        tasks.mail(receipt).join();
        effects.hangAt("after-mail");
        return receipt + ":" + first + ":" + second;
    }
}

/** The child JVM: runs each action in turn on thread {@code checkout}, appending the outcome to {@code results.txt}. */
final class CheckoutChild {
    private CheckoutChild() {}

    /**
     * Runs the actions.
     *
     * @param args the backend kind, the store's location, the directory of the run files, the shape
     *     ({@code graph} or {@code workflow}), then the actions: {@code start} (a new order), {@code
     *     rerun} (invoke with no input) or a resume value
     */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[2]);
        boolean workflow = args[3].equals("workflow");
        try (JdbcSaver saver = Backend.openAt(args[0], args[1])) {
            CheckoutGraph graph =
                    CheckoutGraph.builder(new Checkout(dir)).checkpointer(saver).build();
            CheckoutFlowWorkflow flow = CheckoutFlowWorkflow.builder(new CheckoutFlow(dir))
                    .checkpointer(saver)
                    .build();
            RunConfig cfg = RunConfig.thread(DurableStepCrashTest.THREAD);
            for (int i = 4; i < args.length; i++) {
                GraphOutput<?> out = switch (args[i]) {
                    case "start" ->
                        workflow
                                ? flow.invoke("order", cfg)
                                : graph.invoke(PaidUpdate.of().log(List.of("order")), cfg);
                    case "rerun" -> workflow ? flow.resume(cfg) : graph.resume(cfg);
                    default ->
                        workflow
                                ? flow.invoke(Command.resume(args[i]), cfg)
                                : graph.invoke(Command.resume(args[i]), cfg);
                };
                String line = out.paused()
                        ? "paused " + out.interrupts().get(0).value()
                        : "done " + (workflow ? "[order, " + out.value() + "]" : ((Paid) out.value()).log());
                Files.writeString(
                        dir.resolve("results.txt"),
                        line + "\n",
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            }
        }
    }
}

/**
 * Durable steps with real crashes: a node that charges, asks for approval twice and sends a mail
 * performs each side effect exactly once across two resumes, four JVMs and two SIGKILLs (one right
 * after the charge, one right after the mail, each before the node finished), on SQLite and on
 * PostgreSQL; so does a functional workflow whose charge and mail are tasks. The receipt the last
 * JVM returns is the one the first JVM's charge recorded.
 */
class DurableStepCrashTest {
    static final String THREAD = "checkout";

    @TempDir
    Path dir;

    /** {@code graph} (a node with durable steps) or {@code workflow} (an entrypoint with tasks). */
    private String shape;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"sqlite, graph", "postgres, graph", "sqlite, workflow", "postgres, workflow"})
    void eachSideEffectHappensOnceAcrossResumesJvmsAndKills(String kind, String shape) throws Exception {
        this.shape = shape;
        try (Backend backend = Backend.of(kind, dir)) {
            String location = backend.location("checkout");
            try (JdbcSaver created = backend.open("checkout")) {
                created.getTuple(THREAD, "", null); // the schema exists before the children race to it
            }
            killAt("after-charge", kind, location, "start");
            run(kind, location, "rerun", "yes");
            killAt("after-mail", kind, location, "sure");
            // The killed JVM's caller never heard back, so it sends its answer again; the mail the
            // killed JVM sent is recorded, and is not sent again.
            run(kind, location, "sure");

            List<String> effects = lines("effects.txt");
            assertEquals(2, effects.size(), effects.toString());
            assertTrue(effects.get(0).startsWith("charge "), effects.toString());
            assertTrue(effects.get(1).startsWith("mail "), effects.toString());
            String chargedBy = effects.get(0).substring("charge ".length());
            assertEquals(
                    List.of(
                            "paused approve r-" + chargedBy + "?",
                            "paused really?",
                            "done [order, r-" + chargedBy + ":yes:sure]"),
                    lines("results.txt"));
        }
    }

    /** Runs a child until it reaches {@code point}, then kills it (SIGKILL) there. */
    private void killAt(String point, String kind, String location, String... actions) throws Exception {
        Path hang = Files.writeString(dir.resolve("hang-" + point), "");
        Process child = start(kind, location, actions);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(dir.resolve(point + "-reached"))) {
                if (!child.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("the child did not reach " + point + ": " + errors());
                }
                Racers.sleep(5);
            }
        } finally {
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child JVM did not die");
            Files.delete(hang);
        }
    }

    /** Runs a child to its end. */
    private void run(String kind, String location, String... actions) throws Exception {
        Process child = start(kind, location, actions);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child JVM did not finish");
        assertEquals(0, child.exitValue(), errors());
    }

    private Process start(String kind, String location, String... actions) throws IOException {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 22) {
            command.add("--enable-native-access=ALL-UNNAMED"); // the SQLite driver's native library
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), CheckoutChild.class.getName()));
        command.addAll(List.of(kind, location, dir.toString(), shape));
        command.addAll(List.of(actions));
        return new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        dir.resolve("child-out.txt").toFile()))
                .redirectError(ProcessBuilder.Redirect.appendTo(
                        dir.resolve("child-err.txt").toFile()))
                .start();
    }

    private String errors() throws IOException {
        Path err = dir.resolve("child-err.txt");
        return Files.exists(err) ? Files.readString(err) : "";
    }

    private List<String> lines(String file) throws IOException {
        Path p = dir.resolve(file);
        return Files.exists(p) ? Files.readAllLines(p) : List.of();
    }
}
