package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.server.fixtures.ConformanceGraphs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the LangGraph server conformance client ({@code shared/server-conformance}, written against
 * {@code @langchain/langgraph-sdk} 1.15.0 and recorded from LangGraph.js's server) against this
 * server on the embedded SQLite default, and requires every fact to agree, those of the {@code
 * chat} graph (LangChain4j messages as LangGraph message JSON, token streaming) included. Skipped without node/npm or the
 * suite, unless {@code CI=true}: then their absence fails.
 */
class ConformanceCheckTest {
    @Test
    void everyFactAgrees(@TempDir Path tmp) throws Exception {
        Path work = prepare();
        try (SwitchboardServer server = ConformanceGraphs.server(SqliteSaver.file(tmp.resolve("server.db")))
                .port(0)
                .build()
                .start()) {
            Path out = work.resolve("out");
            Files.createDirectories(out);
            run(work, 400, "node", "client.mjs", "--url", server.url().toString(), "--out", "out/junit.json");
        }
        List<String> lines = run(work, 60, "node", "compare.mjs", "expected.json", "out/junit.json");
        Set<String> agree = new TreeSet<>();
        Set<String> mismatch = new TreeSet<>();
        for (String line : lines) {
            if (line.startsWith("# http")) {
                break;
            }
            String[] parts = line.split("\\s+");
            if (parts[0].equals("AGREE")) {
                agree.add(parts[1]);
            } else if (parts[0].equals("MISMATCH")) {
                mismatch.add(parts[1]);
            }
        }
        System.out.println("[figures] conformance agree=" + agree.size() + "/" + (agree.size() + mismatch.size())
                + " mismatching: " + mismatch);
        assertEquals(Set.of(), mismatch, "facts that disagree with LangGraph.js (see target/conformance/out)");
        assertTrue(agree.size() >= 67, "agreeing facts: " + agree.size());
    }

    /** Copies the suite to target/conformance (once) and installs its pinned packages. */
    static Path prepare() throws Exception {
        Path suite = locate();
        Path work = Path.of("target", "conformance").toAbsolutePath();
        if (!Files.exists(work.resolve("client.mjs"))) {
            copy(suite, work);
        }
        if (!Files.isDirectory(work.resolve("node_modules/@langchain/langgraph-sdk"))) {
            run(work, 600, "npm", "ci", "--no-audit", "--no-fund");
        }
        return work;
    }

    private static Path locate() {
        String env = System.getenv("SWITCHBOARD_CONFORMANCE_DIR");
        if (env != null) {
            return Path.of(env);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared/server-conformance");
            if (Files.exists(candidate.resolve("client.mjs"))) {
                return candidate;
            }
        }
        return unavailable("the conformance suite (set SWITCHBOARD_CONFORMANCE_DIR)");
    }

    private static <T> T unavailable(String what) {
        if ("true".equals(System.getenv("CI"))) {
            fail(what + " is required when CI=true");
        }
        Assumptions.abort(what + " is not available: skipping the LangGraph conformance check");
        return null;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path rel = from.relativize(f);
                if (rel.startsWith("node_modules") || rel.startsWith("out")) {
                    continue;
                }
                Path target = to.resolve(rel.toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                    target.toFile().setWritable(true);
                }
            }
        }
    }

    static List<String> run(Path dir, int seconds, String... command) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectError(dir.resolve(command[0] + ".err.log").toFile())
                    .start();
        } catch (IOException e) {
            return unavailable(command[0]);
        }
        List<String> lines = new ArrayList<>();
        try (var reader = p.inputReader(StandardCharsets.UTF_8)) {
            reader.lines().forEach(lines::add);
        }
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in " + seconds + " s");
        }
        if (p.exitValue() != 0 && !command[0].equals("node")) {
            fail(String.join(" ", command) + " failed with " + p.exitValue() + "; see " + dir);
        }
        return lines;
    }
}
