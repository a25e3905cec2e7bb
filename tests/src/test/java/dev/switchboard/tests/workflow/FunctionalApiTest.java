package dev.switchboard.tests.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.annotation.Cache;
import dev.switchboard.annotation.Entrypoint;
import dev.switchboard.annotation.Retry;
import dev.switchboard.annotation.Task;
import dev.switchboard.annotation.Timeout;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.Durability;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.InvalidUpdateException;
import dev.switchboard.runtime.NodeContext;
import dev.switchboard.runtime.NodeException;
import dev.switchboard.runtime.NodeTimeoutException;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.runtime.WorkflowInput;
import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.runtime.store.InMemoryStore;
import dev.switchboard.runtime.store.Namespace;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** An order's outcome, stored by its tag: a sealed interface the workflow returns. */
sealed interface Outcome permits Outcome.Shipped, Outcome.Refused {
    record Shipped(String receipt) implements Outcome {}

    record Refused(String reason) implements Outcome {}
}

/** Counts calls by name across threads. */
final class Calls {
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

    int hit(String name) {
        return counts.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet();
    }

    int count(String name) {
        AtomicInteger n = counts.get(name);
        return n == null ? 0 : n.get();
    }
}

/** Policies: a task that times out on its first attempt, an entrypoint retried after its tasks ran. */
class Policies {
    final Calls calls = new Calls();
    final CountDownLatch never = new CountDownLatch(1);

    @Task
    @Timeout(millis = 200)
    @Retry(maxAttempts = 2, initialIntervalMillis = 1, jitter = false)
    String slow(String x) throws InterruptedException {
        if (calls.hit("slow") == 1) {
            never.await(10, TimeUnit.SECONDS); // the first attempt hangs until its timeout
        }
        return x + "-slow";
    }

    @Task
    String once(String x) {
        calls.hit("once");
        return x + "-once";
    }

    @Entrypoint(name = "policies")
    @Retry(maxAttempts = 2, initialIntervalMillis = 1, jitter = false)
    String run(String input, PoliciesTasks tasks) {
        String a = tasks.slow(input).join();
        String b = tasks.once(input).join();
        if (calls.hit("entrypoint") == 1) {
            throw new RuntimeException("after the tasks");
        }
        return a + "," + b;
    }
}

/** A task whose every attempt times out. */
class Stuck {
    @Task
    @Timeout(millis = 50)
    String stuck(String x) throws InterruptedException {
        Thread.sleep(5_000);
        return x;
    }

    @Entrypoint(name = "stuck-run")
    String run(String input, StuckTasks tasks) {
        return tasks.stuck(input).join();
    }
}

/** Returns a sealed outcome after a review. */
class Shipping {
    final Calls calls = new Calls();

    @Task
    String label(String order) {
        calls.hit("label");
        return "lbl-" + order;
    }

    @Entrypoint(name = "shipping")
    Outcome ship(String order, ShippingTasks tasks, NodeContext ctx) {
        String label = tasks.label(order).join();
        boolean ok = ctx.interrupt("ship " + label + "?", Boolean.class);
        return ok ? new Outcome.Shipped(label) : new Outcome.Refused("declined");
    }
}

/** An entrypoint whose result is cached by its input. */
class Cached {
    final Calls calls = new Calls();

    @Task
    String upper(String x) {
        calls.hit("upper");
        return x.toUpperCase(Locale.ROOT);
    }

    @Entrypoint(name = "cached")
    @Cache(ttlSeconds = 60)
    String run(String input, CachedTasks tasks) {
        calls.hit("entrypoint");
        return tasks.upper(input).join();
    }
}

/** A task that asks for a durable step inside itself. */
class Nesting {
    @Task
    String inner(String x, NodeContext ctx) {
        return ctx.step("inside", String.class, () -> x);
    }

    @Entrypoint(name = "nesting")
    String run(String input, NestingTasks tasks) {
        return tasks.inner(input).join();
    }
}

/** A fact kept in the Store. */
record Fact(String text) {}

/** A task that writes the Store, an entrypoint that reads it: memory shared across threads. */
class Memo {
    static final Namespace FACTS = Namespace.of("facts");
    final Calls calls = new Calls();

    @Task
    String remember(String fact, NodeContext ctx) {
        calls.hit("remember");
        ctx.store().put(FACTS, fact, new Fact(fact));
        return fact;
    }

    @Entrypoint(name = "memo")
    String run(String fact, MemoTasks tasks, NodeContext ctx) {
        tasks.remember(fact).join();
        String known = ctx.store().get(FACTS, "a", Fact.class).map(Fact::text).orElse("-") + ","
                + ctx.store().get(FACTS, "b", Fact.class).map(Fact::text).orElse("-");
        boolean keep = ctx.interrupt("keep " + known + "?", Boolean.class);
        return keep ? known : "dropped";
    }
}

/**
 * The functional API beyond the conformance scenarios: task timeouts and retries within a call, an
 * entrypoint's retry replaying its finished tasks, stored values of a sealed type read back by a
 * workflow built afresh, exit durability, the Store shared by threads, and what a workflow refuses.
 */
class FunctionalApiTest {
    @Test
    void aTaskAttemptThatTimesOutIsRetriedAndARetriedEntrypointReplaysItsTasks() {
        Policies w = new Policies();
        PoliciesWorkflow wf = PoliciesWorkflow.builder(w).build();
        assertEquals("x-slow,x-once", wf.invoke("x").value());
        assertEquals(2, w.calls.count("slow"), "the first attempt timed out; the second returned");
        assertEquals(1, w.calls.count("once"), "recorded before the entrypoint failed: its retry replays it");
        assertEquals(2, w.calls.count("entrypoint"));
        w.never.countDown();
    }

    @Test
    void aTaskWhoseAttemptsAllTimeOutFailsTheRunWithItsTimeout() {
        NodeTimeoutException timeout = assertThrows(
                NodeTimeoutException.class,
                () -> StuckWorkflow.builder(new Stuck()).build().invoke("x"));
        assertEquals("stuck", timeout.node(), "the task's name");
    }

    @Test
    void aSealedOutputAndTheTasksRecordsReadBackInAFreshWorkflow() {
        Shipping w = new Shipping();
        MemorySaver saver = new MemorySaver();
        RunConfig cfg = RunConfig.thread("ship");
        GraphOutput<Outcome> paused =
                ShippingWorkflow.builder(w).checkpointer(saver).build().invoke("o-1", cfg);
        assertTrue(paused.paused());
        assertNull(paused.value(), "the first run on the thread has not returned yet");
        ShippingWorkflow fresh = ShippingWorkflow.builder(w).checkpointer(saver).build();
        assertEquals(
                new Outcome.Shipped("lbl-o-1"),
                fresh.invoke(Command.resume(true), cfg).value());
        assertEquals(1, w.calls.count("label"));
        assertEquals(
                new Outcome.Shipped("lbl-o-1"),
                ShippingWorkflow.builder(w)
                        .checkpointer(saver)
                        .build()
                        .getState(cfg)
                        .values());
    }

    @Test
    void exitDurabilityKeepsTheTasksRecordsForTheResume() {
        Shipping w = new Shipping();
        MemorySaver saver = new MemorySaver();
        RunConfig cfg = RunConfig.thread("exit").withDurability(Durability.EXIT);
        ShippingWorkflow wf = ShippingWorkflow.builder(w).checkpointer(saver).build();
        wf.invoke("o-2", cfg);
        assertEquals(
                new Outcome.Refused("declined"),
                wf.invoke(Command.resume(false), cfg).value());
        assertEquals(1, w.calls.count("label"));
    }

    @Test
    void anEntrypointsCacheAnswersTheSameInputOnAnotherThreadWithoutRunningIt() {
        Cached w = new Cached();
        CachedWorkflow wf =
                CachedWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        assertEquals("A", wf.invoke("a", RunConfig.thread("c1")).value());
        assertEquals("A", wf.invoke("a", RunConfig.thread("c2")).value());
        assertEquals("A", wf.getState(RunConfig.thread("c2")).values());
        assertEquals(1, w.calls.count("entrypoint"));
        assertEquals(1, w.calls.count("upper"));
        assertEquals("B", wf.invoke("b", RunConfig.thread("c3")).value());
        assertEquals(2, w.calls.count("entrypoint"));
    }

    @Test
    void aTaskCannotNestAStep() {
        NodeException e = assertThrows(
                NodeException.class,
                () -> NestingWorkflow.builder(new Nesting()).build().invoke("x"));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("asked for step 'inside' inside step 'inner'"));
    }

    @Test
    void aWorkflowRefusesStateUpdatesAndCommandsThatCarryThem() {
        Shipping w = new Shipping();
        ShippingWorkflow wf =
                ShippingWorkflow.builder(w).checkpointer(new MemorySaver()).build();
        RunConfig cfg = RunConfig.thread("refuse");
        wf.invoke(WorkflowInput.of("o-3"), cfg);
        UnsupportedOperationException u = assertThrows(
                UnsupportedOperationException.class, () -> wf.updateState(cfg, WorkflowInput.of("x"), "shipping"));
        assertTrue(u.getMessage().startsWith("workflow 'shipping' has no state to update"), u.getMessage());
        InvalidUpdateException i =
                assertThrows(InvalidUpdateException.class, () -> wf.invoke(Command.goTo("shipping"), cfg));
        assertTrue(i.getMessage().startsWith("workflow 'shipping' takes a Command only to resume"), i.getMessage());
        assertEquals(List.of("shipping"), wf.getState(cfg).next(), "still waiting at its interrupt");
    }

    @Test
    void tasksAndTheEntrypointShareTheGraphsStoreAcrossThreadsAndAResumeWritesNothingTwice() {
        Memo w = new Memo();
        InMemoryStore store = new InMemoryStore();
        MemoWorkflow wf = MemoWorkflow.builder(w)
                .checkpointer(new MemorySaver())
                .store(store)
                .build();
        RunConfig t1 = RunConfig.thread("m1");
        wf.invoke("a", t1);
        assertEquals("a,-", wf.invoke(Command.resume(true), t1).value());
        RunConfig t2 = RunConfig.thread("m2");
        wf.invoke("b", t2);
        assertEquals("a,b", wf.invoke(Command.resume(true), t2).value(), "the second thread reads the first's fact");
        assertEquals(2, w.calls.count("remember"), "a resumed entrypoint answers its task from the record");
        assertEquals(Optional.of(new Fact("b")), store.get(Memo.FACTS, "b", Fact.class));
    }
}
