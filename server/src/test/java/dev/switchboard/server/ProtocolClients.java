package dev.switchboard.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The official MCP and A2A clients the protocol tests drive the server with ({@code
 * @modelcontextprotocol/sdk}, the MCP Inspector's CLI, {@code @a2a-js/sdk}), installed from the
 * committed {@code src/test/js/protocols/package-lock.json} into {@code target/protocols} once,
 * with the test scripts beside them. Without node and npm the tests are skipped; under {@code
 * CI=true} they fail (as {@link ConformanceCheckTest}'s are).
 */
final class ProtocolClients {
    private static Path installed;

    private ProtocolClients() {}

    static synchronized Path dir() throws Exception {
        if (installed != null) {
            return installed;
        }
        Path work = Path.of("target", "protocols").toAbsolutePath();
        Files.createDirectories(work);
        try (Stream<Path> files = Files.list(Path.of("src/test/js/protocols"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, work.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (!Files.isDirectory(work.resolve("node_modules/@a2a-js/sdk"))) {
            ConformanceCheckTest.run(work, 600, "npm", "ci", "--no-audit", "--no-fund");
        }
        installed = work;
        return work;
    }

    /** Runs a script of the package with node; its standard output, by line. */
    static List<String> node(String script, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("node", script));
        command.addAll(List.of(args));
        return ConformanceCheckTest.run(dir(), 120, command.toArray(String[]::new));
    }

    /** Runs the MCP Inspector's CLI ({@code mcp-inspector --cli ...}); its standard output, by line. */
    static List<String> inspector(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                "node", "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js", "--cli"));
        command.addAll(List.of(args));
        return ConformanceCheckTest.run(dir(), 120, command.toArray(String[]::new));
    }

    static Path log(String name) throws IOException {
        return Path.of("target", "protocols", name);
    }
}
