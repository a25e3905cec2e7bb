package dev.switchboard.mcp;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The reference MCP server {@code @modelcontextprotocol/server-everything}, installed from the
 * committed {@code src/test/js/package-lock.json} into {@code target/npm} (once), run with node over
 * stdio or Streamable HTTP. Without node and npm the tests that need it are skipped; under {@code
 * CI=true} they fail.
 */
final class Everything {
    private static Path installed;

    private Everything() {}

    /** The command line of the stdio server. */
    static List<String> stdio() {
        return List.of("node", script().toString(), "stdio");
    }

    /** Starts the Streamable HTTP server on a free port and waits until it listens. */
    static HttpServer http() {
        return HttpServer.start(freePort());
    }

    static synchronized Path script() {
        if (installed == null) {
            installed = install();
        }
        return installed.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    }

    private static Path install() {
        Path work = Path.of("target", "npm").toAbsolutePath();
        // this module's lock file, from here or from a sibling module (the samples' tests)
        Path js = Path.of("src/test/js");
        try {
            Files.createDirectories(work);
            for (String f : List.of("package.json", "package-lock.json")) {
                Files.copy(js.resolve(f), work.resolve(f), StandardCopyOption.REPLACE_EXISTING);
            }
            if (!Files.isDirectory(work.resolve("node_modules/@modelcontextprotocol/server-everything"))) {
                run(work, "npm", "ci", "--no-audit", "--no-fund");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return work;
    }

    private static void run(Path dir, String... command) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("npm.log").toFile())
                    .start();
        } catch (IOException e) {
            unavailable(command[0] + " (" + e.getMessage() + ")");
            return;
        }
        try {
            if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                fail(String.join(" ", command) + " failed; see " + dir.resolve("npm.log"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted");
        }
    }

    private static void unavailable(String what) {
        if ("true".equals(System.getenv("CI"))) {
            fail(what + " is required when CI=true");
        }
        Assumptions.abort(what + " is not available: skipping the tests against the everything MCP server");
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A Streamable HTTP everything server in its own node process. */
    static final class HttpServer implements AutoCloseable {
        final int port;
        final Process process;

        private HttpServer(int port, Process process) {
            this.port = port;
            this.process = process;
        }

        static HttpServer start(int port) {
            Path script = script();
            ProcessBuilder b =
                    new ProcessBuilder("node", script.toString(), "streamableHttp").redirectErrorStream(true);
            b.environment().put("PORT", Integer.toString(port));
            Process p;
            try {
                p = b.start();
            } catch (IOException e) {
                unavailable("node (" + e.getMessage() + ")");
                throw new AssertionError(e);
            }
            CompletableFuture<Void> listening = new CompletableFuture<>();
            Thread reader = new Thread(() -> drain(p, listening), "everything-http-out");
            reader.setDaemon(true);
            reader.start();
            try {
                listening.get(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
                throw new AssertionError("the everything server did not start listening on port " + port, e);
            }
            return new HttpServer(port, p);
        }

        private static void drain(Process p, CompletableFuture<Void> listening) {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.contains("listening on port")) {
                        listening.complete(null);
                    }
                }
                listening.completeExceptionally(new IllegalStateException("the server exited"));
            } catch (IOException e) {
                listening.completeExceptionally(e);
            }
        }

        URI url() {
            return URI.create("http://127.0.0.1:" + port + "/mcp");
        }

        /** Kills the server at once, as a crash would. */
        void kill() {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
            kill();
        }
    }
}
