package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Servers started at the same moment on an empty PostgreSQL schema all start: every module's
 * tables (checkpoints, store, the server's rows, queue and events) are created under a lock, one
 * server after the other, four times over on a fresh schema each.
 */
class ConcurrentStartTest {
    @Test
    void serversStartedTogetherOnAnEmptyDatabaseAllStart() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int round = 0; round < 4; round++) {
                try (TestPostgres db = TestPostgres.schema()) {
                    CyclicBarrier together = new CyclicBarrier(3);
                    List<Future<SwitchboardServer>> starts = new ArrayList<>();
                    for (int i = 0; i < 3; i++) {
                        starts.add(pool.submit(() -> {
                            together.await();
                            return QueueServers.on(db, Duration.ofSeconds(5), Duration.ofSeconds(1))
                                    .build()
                                    .start();
                        }));
                    }
                    List<SwitchboardServer> started = new ArrayList<>();
                    List<Throwable> failed = new ArrayList<>();
                    for (Future<SwitchboardServer> f : starts) {
                        try {
                            started.add(f.get(60, TimeUnit.SECONDS));
                        } catch (java.util.concurrent.ExecutionException e) {
                            failed.add(e.getCause());
                        }
                    }
                    started.forEach(SwitchboardServer::close);
                    assertEquals(List.of(), failed.stream().map(String::valueOf).toList(), "round " + round);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
