package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The A2A agent of {@code src/test/js/a2a-agent.mjs}, on the official {@code @a2a-js/sdk} server,
 * installed from the committed lock file into {@code target/npm} (once) and run with node. Skipped
 * without node and npm; failed under {@code CI=true}.
 */
final class JsAgent implements AutoCloseable {
    private static Path installed;
    private final Process process;
    private final int port;

    private JsAgent(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static JsAgent start(String... args) {
        Path dir = install();
        List<String> command = new ArrayList<>(List.of("node", "a2a-agent.mjs"));
        command.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            unavailable("node (" + e.getMessage() + ")");
            throw new AssertionError(e);
        }
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            if (line.startsWith("listening ")) {
                                port.complete(
                                        Integer.parseInt(line.substring(10).trim()));
                            }
                        }
                        port.completeExceptionally(new IllegalStateException("the agent exited"));
                    } catch (IOException e) {
                        port.completeExceptionally(e);
                    }
                },
                "a2a-agent-out");
        reader.setDaemon(true);
        reader.start();
        try {
            return new JsAgent(p, port.get(60, TimeUnit.SECONDS));
        } catch (Exception e) {
            p.destroyForcibly();
            throw new AssertionError("the A2A agent did not start", e);
        }
    }

    URI card() {
        return URI.create("http://127.0.0.1:" + port + "/.well-known/agent-card.json");
    }

    private static synchronized Path install() {
        if (installed != null) {
            return installed;
        }
        Path work = Path.of("target", "npm").toAbsolutePath();
        try {
            Files.createDirectories(work);
            for (String f : List.of("package.json", "package-lock.json", "a2a-agent.mjs")) {
                Files.copy(Path.of("src/test/js", f), work.resolve(f), StandardCopyOption.REPLACE_EXISTING);
            }
            if (!Files.isDirectory(work.resolve("node_modules/@a2a-js/sdk"))) {
                Process npm;
                try {
                    npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund")
                            .directory(work.toFile())
                            .redirectErrorStream(true)
                            .redirectOutput(work.resolve("npm.log").toFile())
                            .start();
                } catch (IOException e) {
                    unavailable("npm (" + e.getMessage() + ")");
                    throw e;
                }
                if (!npm.waitFor(600, TimeUnit.SECONDS) || npm.exitValue() != 0) {
                    fail("npm ci failed; see " + work.resolve("npm.log"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        installed = work;
        return work;
    }

    private static void unavailable(String what) {
        if ("true".equals(System.getenv("CI"))) {
            fail(what + " is required when CI=true");
        }
        Assumptions.abort(what + " is not available: skipping the tests against the JS A2A agent");
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
