package dev.switchboard.spring.boot.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * LangGraph's JS client ({@code @langchain/langgraph-sdk}), installed by {@code npm ci} from the
 * committed lock file in {@code src/test/js} into {@code target/js-sdk}, and the tests' scripts run
 * there by node. Without node or npm the test is skipped, except under {@code CI=true}, where it
 * fails.
 */
final class JsSdk {
    private static final JsonMapper JSON = JsonMapper.builder().build();

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

    /**
     * Drives an application serving the tests' graphs ({@code pipeline}, {@code review}) behind HTTP
     * Basic, with an {@code /hello} route, through {@code spring-sdk.mjs}, and checks what it saw.
     *
     * @param api the API's URL, with the application's context path, e.g. {@code http://127.0.0.1:8080/api}
     */
    static void driveApplication(String api, String alice, String bob) throws Exception {
        Path work = JsSdk.prepare();
        List<String> lines = JsSdk.run(work, 180, "node", "spring-sdk.mjs", api, alice, bob);
        assertEquals(1, lines.size(), () -> "node printed " + lines);
        JsonNode out = JSON.readTree(lines.get(0));
        assertEquals(401, out.get("anonymous").asInt());
        assertEquals("hello alice", out.get("hello").asString());
        assertEquals("[\"pipeline\",\"review\"]", out.get("assistants").toString());

        assertEquals("[\"draft\",\"__interrupt__\"]", out.get("reviewUpdates").toString());
        assertEquals("ok?", out.get("question").asString());
        assertEquals(
                "[\"start\",\"draft\",\"approved:yes\"]",
                out.get("reviewResult").get("steps").toString());
        assertEquals(404, out.get("bobReads").asInt());
        assertEquals(0, out.get("bobFinds").asInt());
        assertEquals(
                "[\"" + out.get("reviewThread").asString() + "\"]",
                out.get("aliceFinds").toString());

        assertEquals(
                "[{\"id\":\"0\",\"event\":\"metadata\"},{\"id\":\"1\",\"event\":\"updates\"}]",
                out.get("first").toString());
        assertEquals("running", out.get("rejoinedWhile").asString());
        assertEquals(
                "[{\"id\":\"2\",\"event\":\"updates\"},{\"id\":\"3\",\"event\":\"updates\"}]",
                out.get("rest").toString());
        assertEquals(4, out.get("all").size(), out::toString);
        assertEquals("[\"go\",\"1\",\"2\",\"3\"]", out.get("pipelineSteps").toString());
        assertEquals("interrupted", out.get("cancelStatus").asString());

        // the run's addresses are the API's own paths, which the client appends to its URL (context path
        // and all): its Content-Location reads the run, its Location joins the stream
        String thread = out.get("locationThread").asString();
        String run = out.get("locationRun").asString();
        assertEquals(
                "/threads/" + thread + "/runs/" + run,
                out.get("contentLocation").asString());
        assertEquals(
                "/threads/" + thread + "/runs/" + run + "/stream",
                out.get("location").asString());
        assertEquals(run, out.get("runAtContentLocation").asString());
        assertEquals(
                "[\"metadata\",\"updates\",\"updates\",\"updates\"]",
                out.get("joinedAtLocation").toString());
        // Studio's own calls, its api.js served by the application and run in node at Studio's
        // address: they go to the API beside Studio, under the context path
        assertEquals("[\"pipeline\",\"review\"]", out.get("studioGraphs").toString());
        assertEquals(
                "[\"" + URI.create(api).getPath() + "/assistants/search\"]",
                out.get("studioCalls").toString());

        assertEquals("tea", out.get("aliceItem").get("value").asString());
        assertFalse(out.get("bobItem").asInt() == 200, out::toString);
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
