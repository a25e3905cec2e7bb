package dev.switchboard.server.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.runtime.CompiledGraph;
import dev.switchboard.runtime.StateUpdate;
import dev.switchboard.server.fixtures.Approval;
import dev.switchboard.server.fixtures.ApprovalGraph;
import dev.switchboard.server.wire.Json;
import dev.switchboard.server.wire.RunRequest;
import dev.switchboard.server.wire.RunStatus;
import dev.switchboard.server.wire.ServedGraph;
import dev.switchboard.server.wire.ThreadStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/**
 * A worker on a shared database holds only so many runs and threads in memory: past its bound it
 * lets go of finished runs and idle threads (read again from their rows when asked for), never of
 * a run still going, a busy thread or a thread whose runs it holds. Without sharing, the registry
 * is the tables themselves and keeps everything.
 */
class RegistryBoundsTest {
    private static final int KEEP = 10;

    @TempDir
    Path dir;

    @SuppressWarnings("unchecked")
    private static final ServedGraph GRAPH = new ServedGraph("approval", (CompiledGraph<Object, StateUpdate, Object>)
            (CompiledGraph<?, ?, ?>) ApprovalGraph.builder(new Approval()).build());

    @Test
    void aSharedRegistryLetsGoOfFinishedRunsAndIdleThreadsPastItsBound() {
        try (JdbcRowStore store = JdbcRowStore.open("jdbc:sqlite:" + dir.resolve("rows.db"), "test")) {
            Registry registry = new Registry(store, true, KEEP, Duration.ZERO);
            registry.load(id -> GRAPH);
            ThreadRow busy = registry.addThread(thread());
            busy.status(ThreadStatus.BUSY);
            ThreadRow withRun = registry.addThread(thread());
            RunRow going = run(registry, withRun.id());
            ThreadRow first = null;
            RunRow done = null;
            for (int i = 0; i < 100; i++) {
                ThreadRow t = registry.addThread(thread());
                RunRow r = run(registry, t.id());
                r.status(RunStatus.SUCCESS);
                registry.save(r);
                if (first == null) {
                    first = t;
                    done = r;
                }
                int[] held = registry.held();
                assertTrue(held[0] <= 2 * KEEP + 2, () -> "runs held: " + held[0]);
            }
            // the second half of the threads had runs held when last trimmed; a later trim lets go
            registry.run(UUID.randomUUID().toString());
            for (int i = 0; i < 30; i++) {
                registry.addThread(thread());
                int[] held = registry.held();
                assertTrue(held[1] <= 2 * KEEP + 2 + 2 * 2 * KEEP, () -> "threads held: " + held[1]);
            }
            assertSame(going, registry.cachedRun(going.id()), "a run still going stays");
            assertSame(busy, registry.thread(busy.id()), "a busy thread stays");
            assertSame(withRun, registry.thread(withRun.id()), "a thread whose run is held stays");

            RunRow again = registry.run(done.id());
            assertNotNull(again, "a finished run let go of is read again from its row");
            assertNotSame(done, again);
            assertEquals(RunStatus.SUCCESS, again.status());
            ThreadRow firstAgain = registry.thread(first.id());
            assertNotSame(first, firstAgain, "the first idle thread was let go of");
            assertEquals("m", Json.text(firstAgain.metadata(), "k"));
        }
    }

    @Test
    void withoutSharingEveryRowStays() {
        try (JdbcRowStore store = JdbcRowStore.open("jdbc:sqlite:" + dir.resolve("solo.db"), "test")) {
            Registry registry = new Registry(store, false, KEEP, Duration.ZERO);
            registry.load(id -> GRAPH);
            for (int i = 0; i < 50; i++) {
                ThreadRow t = registry.addThread(thread());
                run(registry, t.id()).status(RunStatus.SUCCESS);
            }
            assertEquals(50, registry.held()[0]);
            assertEquals(50, registry.held()[1]);
        }
    }

    private static ThreadRow thread() {
        ObjectNode metadata = Json.object().put("k", "m");
        return new ThreadRow(UUID.randomUUID().toString(), null, metadata, false);
    }

    private static RunRow run(Registry registry, String threadId) {
        ObjectNode body = Json.object().put("assistant_id", "approval");
        RunRow r = new RunRow(
                UUID.randomUUID().toString(), threadId, GRAPH, body, RunRequest.parse(body, false), Json.object());
        registry.addRun(r);
        return r;
    }
}
