package dev.switchboard.mcp;

import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A stdio transport whose process is watched. The SDK leaves a request to a process that died
 * waiting for its timeout; here the process's exit, or a failure to start it, reports the server
 * lost (with the last lines it wrote to stderr), so waiting calls fail at once.
 */
final class WatchedProcess implements Endpoint.Opened {
    private static final int STDERR_LINES = 5;
    private final StdioClientTransport transport;
    private final Deque<String> stderr = new ArrayDeque<>();
    private volatile Consumer<String> lost = why -> {};
    private volatile boolean closing;

    WatchedProcess(ServerParameters params) {
        this.transport = new StdioClientTransport(params, McpJsonDefaults.getMapper()) {
            @Override
            public Mono<Void> connect(
                    Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
                return super.connect(handler)
                        .doOnError(e -> lost.accept("it could not be started (" + e.getMessage() + ")"))
                        .doOnSuccess(v -> watch());
            }
        };
        this.transport.setStdErrorHandler(this::remember);
    }

    @Override
    public McpClientTransport transport() {
        return transport;
    }

    @Override
    public void onLost(Consumer<String> lost) {
        this.lost = lost;
    }

    private void watch() {
        Thread watcher = new Thread(
                () -> {
                    transport.awaitForExit();
                    if (!closing) {
                        lost.accept("its process exited" + lastWords());
                    }
                },
                "mcp-stdio-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    private synchronized void remember(String line) {
        if (stderr.size() == STDERR_LINES) {
            stderr.removeFirst();
        }
        stderr.addLast(line);
    }

    private synchronized String lastWords() {
        return stderr.isEmpty() ? "" : " (its stderr ended: " + String.join(" | ", stderr) + ")";
    }

    @Override
    public void close() {
        closing = true;
    }
}
