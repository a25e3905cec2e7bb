package dev.switchboard.server.postgres;

import dev.switchboard.checkpoint.jdbc.ConnectionPool;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the queue's and the event log's NOTIFYs once the transactions they announce committed, from
 * a thread of its own, in batches, in transactions that write nothing. PostgreSQL takes one lock
 * for the whole cluster when a transaction that NOTIFYs commits and holds it through the commit's
 * WAL flush, so NOTIFYs inside the runs' writing transactions made every such commit of every JVM
 * wait for the others' flushes, one at a time (the sessions waited on {@code Lock:object}); a
 * transaction that only NOTIFYs has no WAL to flush and holds it for a moment. A notice is lost if
 * the JVM dies between the commit and its batch: every listener also polls ({@code
 * QueueWorker.Settings#poll}, {@link EventLog#POLL}), as it does when its connection drops. Each
 * batch borrows a connection of the server's {@link ConnectionPool} for its one statement.
 */
final class Notifier implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Notifier.class);

    private final ConnectionPool pool;
    /** Channel and payload, once each per batch (a wake-up said twice says nothing more). */
    private final Set<List<String>> queued = new LinkedHashSet<>();

    private final Thread sender;
    private volatile boolean closing;

    Notifier(ConnectionPool pool) {
        this.pool = pool;
        this.sender = new Thread(this::sendLoop, "switchboard-notify");
        sender.setDaemon(true);
        sender.start();
    }

    /** Queues a NOTIFY, to be sent shortly; call once its news committed. */
    void send(String channel, String payload) {
        synchronized (queued) {
            queued.add(List.of(channel, payload));
            queued.notifyAll();
        }
    }

    private void sendLoop() {
        while (!closing) {
            List<List<String>> batch;
            synchronized (queued) {
                while (queued.isEmpty() && !closing) {
                    try {
                        queued.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                batch = new ArrayList<>(queued);
                queued.clear();
            }
            if (!batch.isEmpty()) {
                sendNow(batch);
            }
        }
    }

    private void sendNow(List<List<String>> batch) {
        String[] channels = new String[batch.size()];
        String[] payloads = new String[batch.size()];
        for (int i = 0; i < channels.length; i++) {
            channels[i] = batch.get(i).get(0);
            payloads[i] = batch.get(i).get(1);
        }
        Connection connection = null;
        try {
            connection = pool.borrow();
            try (PreparedStatement p = connection.prepareStatement(
                    "SELECT count(pg_notify(n.c, n.p)) FROM unnest(?::text[], ?::text[]) WITH ORDINALITY AS n(c, p, i)")) {
                p.setArray(1, connection.createArrayOf("text", channels));
                p.setArray(2, connection.createArrayOf("text", payloads));
                p.executeQuery().close();
            }
            pool.giveBack(connection);
        } catch (SQLException e) {
            // the listeners' polls cover what is lost
            LOG.warn("sending {} run queue notice(s) failed: {}", channels.length, e.getMessage());
            if (connection != null) {
                pool.giveBack(connection, e);
            }
        }
    }

    /** Sends what is queued. */
    @Override
    public void close() {
        closing = true;
        synchronized (queued) {
            queued.notifyAll();
        }
        try {
            sender.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<List<String>> rest;
        synchronized (queued) {
            rest = new ArrayList<>(queued);
            queued.clear();
        }
        if (!rest.isEmpty()) {
            sendNow(rest);
        }
    }
}
