package dev.switchboard.client;

import dev.switchboard.runtime.checkpoint.MemorySaver;
import dev.switchboard.server.SwitchboardServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A Switchboard server serving {@link Writer} as {@code writer}, in a JVM of its own (as a deployed
 * server is to its clients). {@link #main} prints {@code listening <url>} and serves until its
 * stdin closes; {@link #start()} launches it on this test's class path and waits for that line.
 */
public final class ServerJvm implements AutoCloseable {
    private final Process process;
    private final URI url;

    private ServerJvm(Process process, URI url) {
        this.process = process;
        this.url = url;
    }

    public static void main(String[] args) throws Exception {
        try (SwitchboardServer server = SwitchboardServer.builder()
                .graph("writer", WriterGraph.builder(new Writer()))
                .checkpointer(new MemorySaver())
                .port(0)
                .build()
                .start()) {
            System.out.println("listening " + server.url());
            System.out.flush();
            // serve until the test closes our stdin (or dies)
            while (System.in.read() >= 0) {
                // nothing to read
            }
        }
    }

    static ServerJvm start() throws IOException {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ServerJvm.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        CompletableFuture<URI> url = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            if (line.startsWith("listening ")) {
                                url.complete(URI.create(line.substring(10).trim()));
                            }
                        }
                        url.completeExceptionally(new IllegalStateException("the server JVM exited"));
                    } catch (IOException e) {
                        url.completeExceptionally(e);
                    }
                },
                "server-jvm-out");
        reader.setDaemon(true);
        reader.start();
        try {
            return new ServerJvm(p, url.get(60, TimeUnit.SECONDS));
        } catch (Exception e) {
            p.destroyForcibly();
            throw new IllegalStateException("the server JVM did not start", e);
        }
    }

    URI url() {
        return url;
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
        }
    }
}
