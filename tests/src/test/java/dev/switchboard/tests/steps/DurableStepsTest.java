package dev.switchboard.tests.steps;

import static dev.switchboard.annotation.Graph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Edge;
import dev.switchboard.annotation.Node;
import dev.switchboard.annotation.Reducer;
import dev.switchboard.annotation.Retry;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.Step;
import dev.switchboard.runtime.StepFailedException;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.checkpoint.PendingWrite;
import dev.switchboard.runtime.error.ErrorCode;
import dev.switchboard.runtime.error.GraphException;
import dev.switchboard.runtime.reducer.Append;
import dev.switchboard.runtime.serde.SerdeException;
import dev.switchboard.runtime.serde.SerdeLimits;
import dev.switchboard.runtime.serde.ValueType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

record Order(@Reducer(Append.class) List<String> log, String item, int cents) {}

record Receipt(String id, int cents) {}

/** What the outside world saw: each side effect, counted by name, across graphs and threads. */
final class World {
    final Map<String, AtomicInteger> effects = new ConcurrentHashMap<>();
    final List<String> seen = Collections.synchronizedList(new ArrayList<>());

    int effect(String name) {
        return effects.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet();
    }

    int count(String name) {
        AtomicInteger n = effects.get(name);
        return n == null ? 0 : n.get();
    }
}

class CardDeclined extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CardDeclined(String message) {
        super(message);
    }
}

/** Charges, asks for approval twice, sends a mail: the issue's node. */
class Checkout {
    private final World world;

    Checkout(World world) {
        this.world = world;
    }

    @Node
    @Edge(from = START)
    OrderUpdate pay(Order s, NodeContext ctx) {
        Receipt receipt =
                ctx.step("charge", Receipt.class, () -> new Receipt("r-" + world.effect("charge"), s.cents()));
        String first = ctx.interrupt("approve " + receipt.id() + "?", String.class);
        String second = ctx.interrupt("really?", String.class);
        ctx.step("mail", () -> world.effect("mail"));
        return OrderUpdate.of().log(List.of(receipt.id() + ":" + first + ":" + second));
    }
}

/** A step, then a failure that a retry gets past. */
class Flaky {
    private final World world;

    Flaky(World world) {
        this.world = world;
    }

    @Node
    @Edge(from = START)
    @Retry(maxAttempts = 3, initialIntervalMillis = 1, jitter = false)
    OrderUpdate work(Order s, NodeContext ctx) {
        int charged = ctx.step("charge", Integer.class, () -> world.effect("charge"));
        int flaky = ctx.step("flaky", Integer.class, () -> {
            if (world.effect("flaky") < 2) {
                throw new RuntimeException("transient");
            }
            return 7;
        });
        if (world.effect("node") < 2) {
            throw new RuntimeException("after the steps");
        }
        return OrderUpdate.of().log(List.of("charged " + charged + ", flaky " + flaky));
    }
}

/** A declined card is final: recorded, and the same failure on every later run. */
class Declining {
    private final World world;

    Declining(World world) {
        this.world = world;
    }

    @Node
    @Edge(from = START)
    OrderUpdate pay(Order s, NodeContext ctx) {
        String outcome;
        try {
            ctx.step(Step.of("charge", Receipt.class).finalWhen(e -> e instanceof CardDeclined), () -> {
                world.effect("charge");
                throw new CardDeclined("insufficient funds");
            });
            outcome = "paid";
        } catch (StepFailedException e) {
            world.seen.add(e.failureType() + "/" + e.failureMessage() + "/" + (e.getCause() != null));
            outcome = "declined";
        }
        String ok = ctx.interrupt("tell the customer?", String.class);
        return OrderUpdate.of().log(List.of(outcome + ":" + ok));
    }
}

/** Its step's name is set from outside: a deployment between two runs that renamed it. */
class Fickle {
    volatile String stepName = "charge";

    @Node
    @Edge(from = START)
    OrderUpdate work(Order s, NodeContext ctx) {
        ctx.step(stepName, () -> {});
        ctx.interrupt("go on?");
        return OrderUpdate.of().log(List.of("done"));
    }
}

/** Steps of several shapes: a generic result, a checked failure, a nested step, parallel steps. */
class Shapes {
    static final Step<List<Receipt>> RECEIPTS =
            Step.of("receipts", ValueType.of(List.class, ValueType.of(Receipt.class)));
    static final ExecutorService POOL = Executors.newFixedThreadPool(3);

    private final World world;

    Shapes(World world) {
        this.world = world;
    }

    @Node
    @Edge(from = START)
    OrderUpdate work(Order s, NodeContext ctx) {
        switch (s.item()) {
            case "generic" -> {
                List<Receipt> r = ctx.step(RECEIPTS, () -> {
                    world.effect("receipts");
                    return List.of(new Receipt("a", 1), new Receipt("b", 2));
                });
                ctx.interrupt("more?");
                return OrderUpdate.of()
                        .log(List.of(r.get(1).id() + r.get(1).cents() + ":"
                                + r.getClass().getSimpleName()));
            }
            case "checked" ->
                ctx.step("read", () -> {
                    throw new IOException("disk gone");
                });
            case "nested" -> ctx.step("outer", () -> ctx.step("inner", () -> {}));
            case "parallel" -> {
                List<CompletableFuture<String>> calls = new ArrayList<>();
                for (String t : List.of("t1", "t2", "t3")) {
                    calls.add(ctx.stepAsync(Step.of(t, String.class), () -> t + "#" + world.effect(t), POOL));
                }
                String joined = String.join(
                        ",", calls.stream().map(CompletableFuture::join).toList());
                ctx.interrupt("again?");
                return OrderUpdate.of().log(List.of(joined));
            }
            case "huge" -> ctx.step("huge", String.class, () -> "x".repeat(5_000));
            default -> throw new IllegalArgumentException(s.item());
        }
        return OrderUpdate.of();
    }
}

/**
 * Durable steps ({@code NodeContext.step}): a recorded result answers every later run of the task,
 * whatever made it run again; a failure is recorded only when marked final; a re-run that asks for
 * other steps fails; results are stored through the serde as their declared type.
 */
class DurableStepsTest {
    @AfterAll
    static void stopPool() {
        Shapes.POOL.shutdownNow();
    }

    @Test
    void eachSideEffectHappensOnceAcrossTwoResumes() {
        World world = new World();
        MemorySaver saver = new MemorySaver();
        RunConfig cfg = RunConfig.thread("checkout");
        CheckoutGraph graph =
                CheckoutGraph.builder(new Checkout(world)).checkpointer(saver).build();

        GraphOutput<Order> first = graph.invoke(OrderUpdate.of().cents(500).item("book"), cfg);
        assertEquals("approve r-1?", first.interrupts().get(0).value());
        GraphOutput<Order> second = graph.invoke(Command.resume("yes"), cfg);
        assertEquals("really?", second.interrupts().get(0).value());
        // A graph built afresh (as in another process) reads the charge back from the checkpoint.
        CheckoutGraph fresh =
                CheckoutGraph.builder(new Checkout(world)).checkpointer(saver).build();
        GraphOutput<Order> done = fresh.invoke(Command.resume("sure"), cfg);

        assertFalse(done.paused());
        assertEquals(List.of("r-1:yes:sure"), done.value().log());
        assertEquals(1, world.count("charge"));
        assertEquals(1, world.count("mail"));
    }

    @Test
    void aStepIsStoredAsAPendingWriteOfItsTaskInItsDeclaredType() {
        World world = new World();
        MemorySaver saver = new MemorySaver();
        RunConfig cfg = RunConfig.thread("stored");
        CheckoutGraph.builder(new Checkout(world))
                .checkpointer(saver)
                .build()
                .invoke(OrderUpdate.of().cents(250), cfg);

        List<PendingWrite> writes =
                saver.getTuple("stored", "", null).orElseThrow().pendingWrites();
        List<String> steps = writes.stream()
                .filter(w -> w.channel().equals("__step__"))
                .map(w -> w.index() + " " + new String(w.value(), StandardCharsets.UTF_8))
                .toList();
        assertEquals(List.of("-100 {\"name\":\"charge\",\"value\":{\"id\":\"r-1\",\"cents\":250}}"), steps);
    }

    @Test
    void aRetryReplaysRecordedStepsAndRunsAgainOnlyTheOneThatThrew() {
        World world = new World();
        // Without a checkpointer: the task keeps its records for the run's retries.
        GraphOutput<Order> out = FlakyGraph.builder(new Flaky(world)).build().invoke(OrderUpdate.of());
        assertEquals(List.of("charged 1, flaky 7"), out.value().log());
        assertEquals(1, world.count("charge"), "recorded before the first failure: never again");
        assertEquals(2, world.count("flaky"), "threw once, so it ran again; then recorded");
        assertEquals(2, world.count("node"), "three attempts: the first failed in a step, the second after them");
    }

    @Test
    void aFinalFailureIsRecordedAndComesBackWithoutRunningTheBody() {
        World world = new World();
        DecliningGraph graph = DecliningGraph.builder(new Declining(world))
                .checkpointer(new MemorySaver())
                .build();
        RunConfig cfg = RunConfig.thread("declined");
        graph.invoke(OrderUpdate.of(), cfg);
        GraphOutput<Order> done = graph.invoke(Command.resume("ok"), cfg);

        assertEquals(List.of("declined:ok"), done.value().log());
        assertEquals(1, world.count("charge"));
        assertEquals(
                List.of("CardDeclined/insufficient funds/true", "CardDeclined/insufficient funds/false"),
                world.seen,
                "the first run has the exception as the cause; a replay has only its name and message");
    }

    @Test
    void aReRunThatAsksForAnotherStepFailsNamingBoth() {
        RunConfig cfg = RunConfig.thread("fickle");
        Fickle fickle = new Fickle();
        FickleGraph graph =
                FickleGraph.builder(fickle).checkpointer(new MemorySaver()).build();
        graph.invoke(OrderUpdate.of(), cfg);
        fickle.stepName = "refund";
        GraphException e = assertThrows(GraphException.class, () -> graph.invoke(Command.resume("yes"), cfg));
        assertEquals(ErrorCode.STEP_MISMATCH, e.code().orElseThrow());
        assertTrue(
                e.getMessage()
                        .startsWith("node 'work' asked for step #1 'refund', but step #1 of its earlier run was"
                                + " 'charge'"),
                e.getMessage());
        fickle.stepName = "charge";
        assertEquals(
                List.of("done"),
                graph.invoke(Command.resume("yes"), cfg).value().log(),
                "the record is intact");
    }

    @Test
    void aStepNameWithQuotesBackslashesAndControlsIsStoredAsJsonAndMatchedAgain() {
        RunConfig cfg = RunConfig.thread("odd-name");
        Fickle fickle = new Fickle();
        fickle.stepName = "pay \"now\" \\ \n\u00e9";
        MemorySaver saver = new MemorySaver();
        FickleGraph graph = FickleGraph.builder(fickle).checkpointer(saver).build();
        graph.invoke(OrderUpdate.of(), cfg);
        String stored = saver.getTuple("odd-name", "", null).orElseThrow().pendingWrites().stream()
                .filter(w -> w.channel().equals("__step__"))
                .map(w -> new String(w.value(), StandardCharsets.UTF_8))
                .findFirst()
                .orElseThrow();
        assertEquals("{\"name\":\"pay \\\"now\\\" \\\\ \\u000a\u00e9\",\"value\":null}", stored);
        assertEquals(
                List.of("done"),
                graph.invoke(Command.resume("yes"), cfg).value().log());
    }

    @Test
    void aGenericResultReadsBackAsItsDeclaredType() {
        World world = new World();
        MemorySaver saver = new MemorySaver();
        RunConfig cfg = RunConfig.thread("generic");
        ShapesGraph.builder(new Shapes(world))
                .checkpointer(saver)
                .build()
                .invoke(OrderUpdate.of().item("generic"), cfg);
        GraphOutput<Order> done = ShapesGraph.builder(new Shapes(world))
                .checkpointer(saver)
                .build()
                .invoke(Command.resume("no"), cfg);
        assertEquals(1, world.count("receipts"));
        assertTrue(
                done.value().log().get(0).startsWith("b2:"), done.value().log().toString());
    }

    @Test
    void aCheckedFailureFailsTheNodeWithItAsTheCause() {
        NodeException e = assertThrows(
                NodeException.class,
                () -> ShapesGraph.builder(new Shapes(new World()))
                        .build()
                        .invoke(OrderUpdate.of().item("checked")));
        assertInstanceOf(IOException.class, e.getCause());
        assertEquals("disk gone", e.getCause().getMessage());
    }

    @Test
    void stepsCannotNest() {
        NodeException e = assertThrows(
                NodeException.class,
                () -> ShapesGraph.builder(new Shapes(new World()))
                        .build()
                        .invoke(OrderUpdate.of().item("nested")));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("asked for step 'inner' inside step 'outer'"));
    }

    @Test
    void parallelStepsMatchTheirRecordsByTheOrderTheyWereStartedIn() {
        World world = new World();
        MemorySaver saver = new MemorySaver();
        RunConfig cfg = RunConfig.thread("parallel");
        ShapesGraph graph =
                ShapesGraph.builder(new Shapes(world)).checkpointer(saver).build();
        graph.invoke(OrderUpdate.of().item("parallel"), cfg);
        GraphOutput<Order> done = graph.invoke(Command.resume("yes"), cfg);
        assertEquals(List.of("t1#1,t2#1,t3#1"), done.value().log());
        assertEquals(List.of(1, 1, 1), List.of(world.count("t1"), world.count("t2"), world.count("t3")));
    }

    @Test
    void aResultBeyondTheSerdeLimitsFailsTheStepRatherThanStoringWhatCannotBeRead() {
        ShapesGraph graph = ShapesGraph.builder(new Shapes(new World()))
                .checkpointer(new MemorySaver())
                .serdeLimits(new SerdeLimits(1 << 20, 64, 1_000))
                .build();
        SerdeException e = assertThrows(
                SerdeException.class, () -> graph.invoke(OrderUpdate.of().item("huge"), RunConfig.thread("huge")));
        assertTrue(e.getMessage().contains("1000"), e.getMessage());
    }

    @Test
    void withExitDurabilityStepsAreStoredWhenTheRunPauses() {
        World world = new World();
        MemorySaver saver = new MemorySaver();
        RunConfig cfg = RunConfig.thread("exit").withDurability(Durability.EXIT);
        CheckoutGraph graph =
                CheckoutGraph.builder(new Checkout(world)).checkpointer(saver).build();
        graph.invoke(OrderUpdate.of().cents(1), cfg);
        graph.invoke(Command.resume("a"), cfg);
        graph.invoke(Command.resume("b"), cfg);
        assertEquals(1, world.count("charge"));
        assertEquals(1, world.count("mail"));
    }
}
