package dev.switchboard.samples.mcp;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The everything MCP server for the sample's test, installed into {@code target/npm} from the
 * mcp module's committed lock file (the one its own tests use). Skipped without node and npm,
 * failed under {@code CI=true}.
 */
final class EverythingServer {
    private EverythingServer() {}

    static List<String> command() throws IOException, InterruptedException {
        Path work = Path.of("target", "npm").toAbsolutePath();
        Files.createDirectories(work);
        for (String f : List.of("package.json", "package-lock.json")) {
            Files.copy(Path.of("../mcp/src/test/js", f), work.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }
        Path script = work.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
        if (!Files.exists(script)) {
            Process npm;
            try {
                npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund")
                        .directory(work.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(work.resolve("npm.log").toFile())
                        .start();
            } catch (IOException e) {
                if ("true".equals(System.getenv("CI"))) {
                    fail("npm is required when CI=true: " + e.getMessage());
                }
                Assumptions.abort("npm is not available: skipping the MCP agent sample's test");
                throw e;
            }
            if (!npm.waitFor(600, TimeUnit.SECONDS) || npm.exitValue() != 0) {
                fail("npm ci failed; see " + work.resolve("npm.log"));
            }
        }
        return List.of("node", script.toString(), "stdio");
    }
}
