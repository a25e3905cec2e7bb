package dev.switchboard.samples.upgrade;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Three releases of one support-desk graph ({@code samples/upgrade/v1}, {@code v2}, {@code v3})
 * sharing one SQLite file, each compiled as its build would (javac with the Switchboard processor
 * and {@code -Aswitchboard.schemaLocation=samples/upgrade/schemas}, where the exported schemas are
 * committed) and run in a JVM of its own:
 *
 * <ol>
 *   <li>release 1 opens a ticket, which pauses for a human's approval;
 *   <li>release 2 renamed a component ({@code topic} to {@code subject}) and the waiting node
 *       ({@code hold} to {@code approval}) and added an {@code Optional} priority: it shows the
 *       paused ticket as its own and opens a second one;
 *   <li>release 1, still running somewhere, is refused the newer ticket rather than misreading it;
 *   <li>release 3 turned the subject into a record with a {@code @Migration}: it reads both tickets
 *       (the first through release 2's renames, then the migration) and approves them.
 * </ol>
 *
 * <pre>UpgradeSample [--work DIR]    (DIR holds the compiled releases and the database)</pre>
 */
public final class UpgradeSample {
    private static final String CLI = "dev.switchboard.samples.upgrade.desk.DeskCli";
    /** The program's class path: the runtime, the JDBC saver, SQLite and the processor. */
    private static final String CLASS_PATH = classPath();

    private UpgradeSample() {}

    /**
     * Runs the three releases.
     *
     * @param args {@code --work DIR}, optionally
     * @throws Exception if a release does not compile or its JVM cannot start
     */
    public static void main(String[] args) throws Exception {
        Path work =
                args.length == 2 && args[0].equals("--work") ? Path.of(args[1]) : Files.createTempDirectory("upgrade");
        run(sources(), work, System.out);
    }

    /** The releases' sources, whether the sample runs from the repository or from {@code samples/}. */
    static Path sources() {
        Path fromRoot = Path.of("samples", "upgrade");
        return Files.isDirectory(fromRoot) ? fromRoot : Path.of("upgrade");
    }

    static void run(Path sources, Path work, PrintStream out) throws Exception {
        Path db = work.resolve("desk.db");
        Files.deleteIfExists(db);
        Path v1 = compile(sources, "v1", work);
        step(out, "release 1 opens ticket-1", v1, db, "start", "ticket-1", "My invoice is wrong, please refund it");
        Path v2 = compile(sources, "v2", work);
        step(out, "release 2 reads ticket-1", v2, db, "show", "ticket-1");
        step(out, "release 2 opens ticket-2", v2, db, "start", "ticket-2", "The app crashes on login");
        step(out, "release 1 reads ticket-2", v1, db, "show", "ticket-2");
        Path v3 = compile(sources, "v3", work);
        step(out, "release 3 reads ticket-1", v3, db, "show", "ticket-1");
        step(out, "release 3 approves ticket-1", v3, db, "resume", "ticket-1", "yes");
        step(out, "release 3 approves ticket-2", v3, db, "resume", "ticket-2", "yes");
    }

    /**
     * The class path this program runs on: {@code java.class.path} when started by {@code java},
     * the class loader's when a launcher (Maven's {@code exec:java}) loaded it into a JVM of its own.
     */
    private static String classPath() {
        if (UpgradeSample.class.getClassLoader() instanceof URLClassLoader loader) {
            List<String> entries = new ArrayList<>();
            for (URL u : loader.getURLs()) {
                try {
                    entries.add(Path.of(u.toURI()).toString());
                } catch (URISyntaxException | IllegalArgumentException e) {
                    // not a file: nothing javac or java could use
                }
            }
            return String.join(File.pathSeparator, entries);
        }
        return System.getProperty("java.class.path");
    }

    /** Compiles a release as its build would, checking its schema against the committed files. */
    private static Path compile(Path sources, String release, Path work) throws IOException {
        Path classes = work.resolve(release);
        Files.createDirectories(classes);
        List<Path> files;
        try (Stream<Path> all = Files.walk(sources.resolve(release))) {
            files = all.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter log = new StringWriter();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(files);
            List<String> options = List.of(
                    "-d",
                    classes.toString(),
                    "-classpath",
                    CLASS_PATH,
                    // Found on the class path, as a build finds it on its processor path.
                    "-processor",
                    "dev.switchboard.processor.SwitchboardProcessor",
                    "-Aswitchboard.schemaLocation=" + sources.resolve("schemas"),
                    "-Xlint:all,-processing",
                    "-Werror");
            JavaCompiler.CompilationTask task = javac.getTask(log, fm, null, options, null, units);
            if (!task.call()) {
                throw new IllegalStateException("release " + release + " does not compile:\n" + log);
            }
        }
        return classes;
    }

    /** Runs one command of a release in a new JVM and prints what it printed. */
    private static void step(PrintStream out, String title, Path release, Path db, String... command)
            throws IOException, InterruptedException {
        out.println("== " + title);
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                release + File.pathSeparator + CLASS_PATH,
                CLI,
                db.toString()));
        cmd.addAll(List.of(command));
        // Its errors go to a file of their own: a JVM's warnings (such as JDK 22+'s on the SQLite
        // driver's native library) are not what the release printed.
        Path errors = Files.createTempFile(db.toAbsolutePath().getParent(), "release", ".err");
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.to(errors.toFile()))
                .start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new UncheckedIOException(
                    new IOException(title + " failed:\n" + printed + Files.readString(errors, StandardCharsets.UTF_8)));
        }
        Files.delete(errors);
        out.print(printed);
    }
}
