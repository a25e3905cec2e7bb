package dev.switchboard.server;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A {@link ServerMain} JVM a test starts, and stops by its process when done. */
final class ServerJvm implements AutoCloseable {
    final Process process;
    final int port;
    private final Path log;

    private ServerJvm(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts one.
     *
     * @param log where its output goes
     * @param jvmArgs options of the JVM (a heap bound, say)
     * @param args {@link ServerMain}'s arguments
     */
    static ServerJvm start(Path log, List<String> jvmArgs, String... args) throws Exception {
        return start(log, ServerMain.class, jvmArgs, args);
    }

    /**
     * Starts one of another main class, which prints {@code port <n>} once it listens.
     *
     * @param log where its output goes
     * @param main the class whose {@code main} runs
     * @param jvmArgs options of the JVM
     * @param args the main's arguments
     */
    static ServerJvm start(Path log, Class<?> main, List<String> jvmArgs, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        long end = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < end) {
            for (String line : Files.readAllLines(log)) {
                if (line.startsWith("port ")) {
                    return new ServerJvm(p, Integer.parseInt(line.substring(5).trim()), log);
                }
            }
            if (!p.isAlive()) {
                fail("the server JVM died:\n" + Files.readString(log));
            }
            Thread.sleep(50);
        }
        p.destroyForcibly();
        return fail("the server JVM did not start:\n" + Files.readString(log));
    }

    /** The JVM's output so far. */
    String output() throws IOException {
        return Files.readString(log);
    }

    /** How many threads the JVM has now (Linux: its tasks); -1 where that cannot be read. */
    int threads() throws IOException {
        Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
        if (!Files.isDirectory(tasks)) {
            return -1;
        }
        try (var list = Files.list(tasks)) {
            return (int) list.count();
        }
    }

    /** Kills the JVM at once (SIGKILL): nothing of it runs on, no shutdown hook. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
