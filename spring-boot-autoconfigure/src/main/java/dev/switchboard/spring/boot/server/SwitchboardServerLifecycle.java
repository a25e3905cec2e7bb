package dev.switchboard.spring.boot.server;

import dev.switchboard.server.SwitchboardServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;

/**
 * Starts the server with the application context (on PostgreSQL: claiming runs from the shared
 * queue) and closes it when the context stops, before the data source and saver it uses are
 * closed: its runs stop where they are and, on PostgreSQL, go back to the queue at once for
 * another JVM to continue. Closed also when the context fails before it started.
 */
final class SwitchboardServerLifecycle implements SmartLifecycle, DisposableBean {
    private final SwitchboardServer server;
    private boolean running;
    private boolean closed;

    SwitchboardServerLifecycle(SwitchboardServer server) {
        this.server = server;
    }

    @Override
    public synchronized void start() {
        if (running || closed) {
            return;
        }
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("the Switchboard server could not start", e);
        }
        running = true;
    }

    @Override
    public synchronized void stop() {
        running = false;
        close();
    }

    @Override
    public synchronized boolean isRunning() {
        return running;
    }

    @Override
    public synchronized void destroy() {
        close();
    }

    private void close() {
        if (!closed) {
            closed = true;
            server.close();
        }
    }
}
