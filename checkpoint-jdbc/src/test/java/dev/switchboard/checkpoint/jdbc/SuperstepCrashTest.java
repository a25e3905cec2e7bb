package dev.switchboard.checkpoint.jdbc;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.checkpoint.CheckpointTuple;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.reducer.Append;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the racers appended, in step order. */
record Race(@Reducer(Append.class) List<String> log) {}

/**
 * START -> fast, START -> slow, both -> join. Every node run is appended to {@code runs.txt} in
 * {@code dir}, across JVMs; slow announces itself with {@code slow-started} and then waits until
 * the file {@code release} exists.
 */
class Racers {
    private final Path dir;

    Racers(Path dir) {
        this.dir = dir;
    }

    @Node
    @Edge(from = START)
    RaceUpdate fast(Race s) {
        ran("fast");
        return RaceUpdate.of().log(List.of("fast"));
    }

    @Node
    @Edge(from = START)
    RaceUpdate slow(Race s) {
        ran("slow");
        touch("slow-started");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(dir.resolve("release")) && System.nanoTime() < deadline) {
            sleep(5);
        }
        return RaceUpdate.of().log(List.of("slow"));
    }

    @Node
    @Edge(from = "fast")
    @Edge(from = "slow")
    RaceUpdate join(Race s) {
        ran("join");
        return RaceUpdate.of().log(List.of("join"));
    }

    private void ran(String node) {
        try {
            Files.writeString(
                    dir.resolve("runs.txt"),
                    node + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void touch(String name) {
        try {
            Files.writeString(dir.resolve(name), "");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}

/** The child JVM: runs the race on thread {@code crash} until the parent kills it. */
final class RaceChild {
    private RaceChild() {}

    /**
     * Runs the race.
     *
     * @param args the backend kind, the store's location, the directory of the run files
     */
    public static void main(String[] args) {
        try (JdbcSaver saver = Backend.openAt(args[0], args[1])) {
            RacersGraph.builder(new Racers(Path.of(args[2])))
                    .checkpointer(saver)
                    .build()
                    .invoke(RaceUpdate.of().log(List.of("in")), RunConfig.thread(SuperstepCrashTest.THREAD));
        }
    }
}

/**
 * The pending-write guarantee under one transaction per superstep, with a real crash: a JVM runs a
 * step whose two tasks finish at different times and is killed (SIGKILL) after the fast task
 * finished and before the step's checkpoint. Resuming in another JVM must not run the fast task
 * again, and must end in exactly the state of an uninterrupted run.
 */
class SuperstepCrashTest {
    static final String THREAD = "crash";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sqlite", "postgres"})
    void aTaskThatFinishedBeforeTheCrashIsNotRunAgain(String kind) throws Exception {
        try (Backend backend = Backend.of(kind, dir)) {
            String location = backend.location("race");
            try (JdbcSaver probe = backend.open("race")) {
                Process child = startChild(kind, location);
                try {
                    awaitOrFail(child, () -> Files.exists(dir.resolve("slow-started")), "slow to start");
                    awaitOrFail(child, () -> runs().contains("fast"), "fast to finish");
                    // Once fast's writes are stored, the step is in the window the guarantee covers.
                    awaitOrFail(child, () -> storedWrites(probe) > 0, "fast's writes to be stored");
                } finally {
                    child.destroyForcibly();
                    assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child JVM did not die");
                }
                assertEquals(List.of("fast", "slow"), sorted(runs()));
                CheckpointTuple head = probe.getTuple(THREAD, "", null).orElseThrow();
                // The step's checkpoint does not exist: the head is the one before it, with fast's writes.
                assertEquals(0, head.metadata().step());
                assertEquals(
                        1,
                        head.pendingWrites().stream()
                                .map(PendingWrite::taskId)
                                .distinct()
                                .count());
                assertEquals(
                        List.of("log=[\"fast\"]"),
                        head.pendingWrites().stream()
                                .filter(w -> w.channel().equals("log"))
                                .map(w -> "log=" + new String(w.value(), StandardCharsets.UTF_8))
                                .toList());

                Files.writeString(dir.resolve("release"), "");
                Race out = RacersGraph.builder(new Racers(dir))
                        .checkpointer(probe)
                        .build()
                        .resume(RunConfig.thread(THREAD))
                        .value();
                assertEquals(List.of("in", "fast", "slow", "join"), out.log());
            }
            assertEquals(List.of("fast", "join", "slow", "slow"), sorted(runs()));
        }
    }

    private Process startChild(String kind, String location) throws IOException {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 22) {
            command.add("--enable-native-access=ALL-UNNAMED"); // the SQLite driver's native library
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), RaceChild.class.getName()));
        command.addAll(List.of(kind, location, dir.toString()));
        // Output to files: a child blocked on a full pipe would never reach the step.
        return new ProcessBuilder(command)
                .redirectOutput(dir.resolve("child-out.txt").toFile())
                .redirectError(dir.resolve("child-err.txt").toFile())
                .start();
    }

    private void awaitOrFail(Process child, BooleanSupplier condition, String what) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (!child.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("waited in vain for " + what + (child.isAlive() ? "" : "; the child ended")
                        + ": " + Files.readString(dir.resolve("child-err.txt")));
            }
            Racers.sleep(5);
        }
    }

    private static int storedWrites(JdbcSaver probe) {
        Optional<CheckpointTuple> head = probe.getTuple(THREAD, "", null);
        return head.map(t -> t.pendingWrites().size()).orElse(0);
    }

    private List<String> runs() {
        try {
            Path runs = dir.resolve("runs.txt");
            return Files.exists(runs) ? Files.readAllLines(runs) : List.of();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> sorted(List<String> lines) {
        List<String> copy = new ArrayList<>(lines);
        copy.sort(null);
        assertFalse(copy.isEmpty());
        return copy;
    }
}
