package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A rolling upgrade on one PostgreSQL queue: two server JVMs, one built from release 1 of the
 * upgrade sample's desk graph and one from release 2 (which renames a component and the node a
 * ticket waits in, and adds one), each compiled here from {@code samples/upgrade} with the real
 * processor. A thread release 2 has written to is never claimed by the release 1 JVM, whichever
 * JVM receives its runs, while release 1 keeps running the threads it can read; release 1 answers
 * a read of such a thread with a 409 that names both versions.
 */
class RollingUpgradeTest {
    @TempDir
    static Path build;

    private static TestPostgres db;
    private static final List<Process> servers = new ArrayList<>();
    private static Api v1;
    private static Api v2;
    private static String ownerV1;
    private static String ownerV2;

    @BeforeAll
    static void startBothReleases() throws Exception {
        db = TestPostgres.schema();
        Path schemas = build.resolve("schemas");
        copy(release("schemas"), schemas);
        String[] one = start(compile("v1", schemas));
        String[] two = start(compile("v2", schemas));
        v1 = new Api(URI.create(one[0]), null);
        ownerV1 = one[1];
        v2 = new Api(URI.create(two[0]), null);
        ownerV2 = two[1];
    }

    @AfterAll
    static void stop() throws Exception {
        for (Process p : servers) {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void aThreadRelease2WroteToRunsOnlyOnRelease2() throws Exception {
        String thread = v1.newThread();
        String paused = runAndWait(v1, thread, "{\"input\":{\"log\":[\"My invoice is wrong\"]}}");
        assertEquals(ownerV1, claimedBy(paused), "the release that received the run had room and could read it");
        assertEquals(
                "hold",
                v1.get("/threads/" + thread + "/state")
                        .expect(200)
                        .json()
                        .path("next")
                        .get(0)
                        .asString());
        // Release 2 continues the thread stored by release 1: renamed node, renamed component.
        String resumed = runAndWait(v2, thread, "{\"command\":{\"resume\":\"yes\"}}");
        assertEquals(ownerV2, claimedBy(resumed));
        JsonNode values =
                v2.get("/threads/" + thread + "/state").expect(200).json().path("values");
        assertEquals("billing", values.path("subject").asString());
        // Now only release 2 can read it: runs sent to release 1 wait for release 2.
        for (int i = 0; i < 4; i++) {
            String run = runAndWait(v1, thread, "{\"input\":{\"log\":[\"and another thing\"]}}");
            assertEquals(ownerV2, claimedBy(run), "run " + i + " went to a JVM that cannot read its thread");
            String status = v1.get("/threads/" + thread + "/runs/" + run)
                    .expect(200)
                    .json()
                    .path("status")
                    .asString();
            assertTrue(!status.equals("error"), "run " + i + " ended as " + status);
        }
        Api.Reply refused = v1.get("/threads/" + thread + "/state");
        assertEquals(409, refused.status(), refused.text());
        assertTrue(refused.text().contains("version 2") && refused.text().contains("version 1"), refused.text());
    }

    @Test
    void release1KeepsRunningTheThreadsItCanRead() throws Exception {
        String thread = v1.newThread();
        String first = runAndWait(v1, thread, "{\"input\":{\"log\":[\"The app crashes\"]}}");
        assertEquals(ownerV1, claimedBy(first));
        String second = runAndWait(v1, thread, "{\"command\":{\"resume\":\"ok\"}}");
        assertEquals(ownerV1, claimedBy(second));
        assertEquals(
                "answered by the technical team",
                v1.get("/threads/" + thread + "/state")
                        .expect(200)
                        .json()
                        .path("values")
                        .path("log")
                        .get(2)
                        .asString());
    }

    /** Creates a run on the thread through {@code api} and waits for it; answers its id. */
    private static String runAndWait(Api api, String thread, String fields) throws Exception {
        String body = "{\"assistant_id\":\"desk\"," + fields.substring(1);
        String run = api.post("/threads/" + thread + "/runs", body)
                .expect(200)
                .json()
                .path("run_id")
                .asString();
        api.get("/threads/" + thread + "/runs/" + run + "/join").expect(200);
        return run;
    }

    private static String claimedBy(String run) throws Exception {
        try (Connection c = db.connect();
                PreparedStatement p =
                        c.prepareStatement("SELECT owner FROM switchboard_server_claims WHERE run_id = ?")) {
            p.setString(1, run);
            try (ResultSet r = p.executeQuery()) {
                List<String> owners = new ArrayList<>();
                while (r.next()) {
                    owners.add(r.getString(1));
                }
                assertEquals(1, owners.size(), "claims of run " + run + ": " + owners);
                return owners.get(0);
            }
        }
    }

    // ---------------------------------------------------------------- the two releases

    /** The upgrade sample's sources, from the server module's directory. */
    private static Path release(String name) {
        return Path.of("..", "samples", "upgrade", name);
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    /** Compiles a release of the desk with this test's server main, as its build would. */
    private static Path compile(String release, Path schemas) throws Exception {
        Path classes = build.resolve(release);
        Files.createDirectories(classes);
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(release(release))) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(sources::add);
        }
        sources.add(Path.of(RollingUpgradeTest.class
                .getClassLoader()
                .getResource("upgrade/VersionServerMain.java")
                .toURI()));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter log = new StringWriter();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
            Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(sources);
            List<String> options = List.of(
                    "-d",
                    classes.toString(),
                    "-classpath",
                    System.getProperty("java.class.path"),
                    "-processor",
                    "dev.switchboard.processor.SwitchboardProcessor",
                    "-Aswitchboard.schemaLocation=" + schemas,
                    "-Xlint:all,-processing",
                    "-Werror");
            if (!javac.getTask(log, fm, null, options, null, units).call()) {
                fail("release " + release + " does not compile:\n" + log);
            }
        }
        return classes;
    }

    /** Starts a release's server JVM; answers its url and owner id once it serves. */
    private static String[] start(Path classes) throws Exception {
        Path out = build.resolve(classes.getFileName() + ".log");
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        classes + java.io.File.pathSeparator + System.getProperty("java.class.path"),
                        "dev.switchboard.server.VersionServerMain",
                        db.url())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        servers.add(p);
        long end = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < end && p.isAlive()) {
            for (String line : Files.readAllLines(out)) {
                if (line.startsWith("url ")) {
                    String[] w = line.split(" ");
                    return new String[] {w[1], w[3]};
                }
            }
            Thread.sleep(50);
        }
        return fail("release server did not start:\n" + Files.readString(out));
    }
}
