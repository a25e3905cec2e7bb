package dev.switchboard.samples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What one run of a sample's command-line program printed, run either in this JVM or in a new one
 * on this test's class path (the samples that keep a thread across JVM runs are tested both ways).
 *
 * @param status the exit status
 * @param out the standard output, by line
 * @param err the standard error, whole
 */
public record ProgramRun(int status, List<String> out, String err) {

    /** A sample's {@code run(args, out, err)} entry point, which {@code main} calls. */
    @FunctionalInterface
    public interface Program {
        /**
         * Runs the program.
         *
         * @param args the command-line arguments
         * @param out standard output
         * @param err standard error
         * @return the exit status
         */
        int run(String[] args, PrintStream out, PrintStream err);
    }

    /**
     * Runs a program in this JVM on the database {@code db} ({@code --db db} comes first).
     *
     * @param program the program's entry point
     * @param db the sample's SQLite file
     * @param args the rest of the command line
     * @return what it printed
     */
    public static ProgramRun inProcess(Program program, Path db, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = program.run(
                withDb(db, args).toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new ProgramRun(
                status, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Runs a program's {@code main} in a new JVM on this test's class path, on the database {@code db}.
     *
     * @param mainClass the class with the program's {@code main}
     * @param db the sample's SQLite file
     * @param args the rest of the command line
     * @return what it printed
     * @throws IOException if the JVM cannot be started or its output read
     * @throws InterruptedException if interrupted while waiting for it
     */
    public static ProgramRun inNewJvm(Class<?> mainClass, Path db, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 22) {
            // The SQLite driver loads its native library; newer JDKs warn on stderr unless allowed.
            command.add("--enable-native-access=ALL-UNNAMED");
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(withDb(db, args));
        // Both outputs go to files: reading one pipe to its end while the child fills the other
        // can block both processes, and a hung child fails the wait below instead of a read.
        Path out = Files.createTempFile(db.getParent(), "stdout", ".txt");
        Path err = Files.createTempFile(db.getParent(), "stderr", ".txt");
        Process process = new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the sample did not end within 60 s: " + Files.readString(err));
        }
        return new ProgramRun(
                process.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8).lines().toList(),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static List<String> withDb(Path db, String... args) {
        List<String> all = new ArrayList<>(List.of("--db", db.toString()));
        all.addAll(List.of(args));
        return all;
    }
}
