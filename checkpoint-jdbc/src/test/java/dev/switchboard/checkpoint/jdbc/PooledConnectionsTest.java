package dev.switchboard.checkpoint.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The built-in pool's bookkeeping, on stand-in connections (no database needed). */
class PooledConnectionsTest {
    @Test
    void aCallerWaitingForAConnectionWhenTheSaverClosesGetsNone() throws Exception {
        List<Connection> opened = new CopyOnWriteArrayList<>();
        List<Connection> closed = new CopyOnWriteArrayList<>();
        PooledConnections pool = new PooledConnections(opener(opened, closed), "test pool", 1);
        Connections.Lease first = pool.lease(true);
        CompletableFuture<Connections.Lease> second = new CompletableFuture<>();
        Thread waiter = new Thread(() -> {
            try {
                second.complete(pool.lease(true));
            } catch (Throwable t) {
                second.completeExceptionally(t);
            }
        });
        waiter.start();
        awaitParkedOnPermit(waiter);

        pool.close();
        first.close();

        ExecutionException e = assertThrows(ExecutionException.class, () -> second.get(10, TimeUnit.SECONDS));
        IllegalStateException cause = assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals("this saver is closed: test pool", cause.getMessage());
        assertEquals(1, opened.size(), "connections opened");
        assertEquals(opened, closed, "connections closed");
    }

    @Test
    void readsAfterWritesReuseTheWritesConnectionsInsteadOfOpeningMoreThanTheBound() throws Exception {
        List<Connection> opened = new CopyOnWriteArrayList<>();
        List<Connection> closed = new CopyOnWriteArrayList<>();
        PooledConnections pool = new PooledConnections(opener(opened, closed), "test pool", 2);
        Connections.Lease w1 = pool.lease(true);
        Connections.Lease w2 = pool.lease(true);
        w1.close();
        w2.close();
        Connections.Lease r1 = pool.lease(false);
        Connections.Lease r2 = pool.lease(false);
        r1.close();
        Connection plain = pool.borrow(PooledConnections.Kind.PLAIN);
        pool.giveBack(plain, PooledConnections.Kind.PLAIN, true);
        r2.close();
        assertEquals(2, opened.size(), "connections opened for 2 writes, then 2 reads and a borrow");
        assertEquals(List.of(), closed);
        pool.close();
        assertEquals(opened.size(), closed.size(), "closed with the pool");
    }

    @Test
    void connectionsIdleLongerThanTheLimitAreClosedWhenAnotherComesBack() throws Exception {
        List<Connection> opened = new CopyOnWriteArrayList<>();
        List<Connection> closed = new CopyOnWriteArrayList<>();
        PooledConnections pool = new PooledConnections(opener(opened, closed), "test pool", 3, 1_000, 0);
        Connections.Lease a = pool.lease(true);
        Connections.Lease b = pool.lease(true);
        Connections.Lease c = pool.lease(true);
        a.close();
        b.close();
        c.close();
        assertEquals(List.of(opened.get(0), opened.get(1)), closed, "the older idle ones");
        Connections.Lease again = pool.lease(true);
        assertEquals(opened.get(2), again.connection(), "the newest was kept");
        again.close();
        assertEquals(3, opened.size());
    }

    /** Waits until the thread blocks on the pool's semaphore. */
    private static void awaitParkedOnPermit(Thread t) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!((t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING)
                && Arrays.stream(t.getStackTrace())
                        .anyMatch(f -> f.getClassName().startsWith("java.util.concurrent.Semaphore")))) {
            assertTrue(t.isAlive() && System.nanoTime() < deadline, "the caller never waited for a permit");
            Thread.sleep(1);
        }
    }

    /** Opens stand-in connections, recording each one it opens and each one closed. */
    private static PooledConnections.Opener opener(List<Connection> opened, List<Connection> closed) {
        return () -> {
            Connection c = stub(closed);
            opened.add(c);
            return c;
        };
    }

    /** A connection that accepts everything and records when it is closed. */
    private static Connection stub(List<Connection> closed) {
        Connection[] self = new Connection[1];
        self[0] = (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, m, args) -> {
                    switch (m.getName()) {
                        case "close" -> closed.add(self[0]);
                        case "isValid" -> {
                            return true;
                        }
                        case "getAutoCommit", "isClosed", "isReadOnly" -> {
                            return false;
                        }
                        case "hashCode" -> {
                            return System.identityHashCode(proxy);
                        }
                        case "equals" -> {
                            return proxy == args[0];
                        }
                        case "toString" -> {
                            return "stub connection";
                        }
                        case "createStatement" -> { // a read sets its isolation with one
                            return Proxy.newProxyInstance(
                                    Statement.class.getClassLoader(),
                                    new Class<?>[] {Statement.class},
                                    (statement, sm, sargs) -> sm.getReturnType() == boolean.class ? false : null);
                        }
                        default -> {}
                    }
                    return null;
                });
        return self[0];
    }
}
