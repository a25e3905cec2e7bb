package dev.switchboard.spring.boot.server;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * LangGraph's JS client ({@code @langchain/langgraph-sdk}), installed by {@code npm ci} from the
 * committed lock file in {@code src/test/js} into {@code target/js-sdk}, and the tests' scripts run
 * there by node. Without node or npm the test is skipped, except under {@code CI=true}, where it
 * fails.
 */
final class JsSdk {
    private JsSdk() {}

    /** The folder with the installed client and the scripts. */
    static Path prepare() throws Exception {
        Path work = Path.of("target", "js-sdk").toAbsolutePath();
        Files.createDirectories(work);
        try (var files = Files.list(Path.of("src", "test", "js"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, work.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (!Files.isDirectory(work.resolve("node_modules/@langchain/langgraph-sdk"))) {
            run(work, 600, "npm", "ci", "--no-audit", "--no-fund");
        }
        return work;
    }

    /** Runs a command in the folder; its standard output's lines (its errors go to a log there). */
    static List<String> run(Path dir, int seconds, String... command) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectError(dir.resolve(command[0] + ".err.log").toFile())
                    .start();
        } catch (IOException e) {
            if ("true".equals(System.getenv("CI"))) {
                fail(command[0] + " is required when CI=true");
            }
            Assumptions.abort(command[0] + " is not installed: skipping the JS client's check");
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        try (var reader = p.inputReader(StandardCharsets.UTF_8)) {
            reader.lines().forEach(lines::add);
        }
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in " + seconds + " s");
        }
        if (p.exitValue() != 0) {
            fail(String.join(" ", command) + " failed with " + p.exitValue() + ": "
                    + Files.readString(dir.resolve(command[0] + ".err.log")));
        }
        return lines;
    }
}
