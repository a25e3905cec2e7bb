package dev.switchboard.runtime.pregel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The runtime's threads come from {@link RuntimePools} only, each pool naming its threads. */
class RuntimePoolsTest {
    private static final Path SOURCES =
            Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve("src/main/java");

    private static final List<String> THREAD_MAKERS =
            List.of("Executors.", "new Thread(", "Thread.ofPlatform", "Thread.ofVirtual", "new ForkJoinPool");

    @Test
    void noOtherRuntimeClassCreatesThreads() throws IOException {
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertTrue(sources.size() > 20, "found only " + sources.size() + " sources under " + SOURCES);
        List<String> violations = new ArrayList<>();
        for (Path source : sources) {
            String text = Files.readString(source);
            for (String maker : THREAD_MAKERS) {
                if (text.contains(maker) && !source.endsWith("RuntimePools.java")) {
                    violations.add(SOURCES.relativize(source) + ": " + maker);
                }
            }
        }
        assertEquals(List.of(), violations, "take threads from RuntimePools instead");
    }

    @Test
    void everyPoolRunsOnNamedDaemonThreads() throws Exception {
        Map<String, ExecutorService> pools = Map.of(
                "switchboard-task-", RuntimePools.TASKS,
                "switchboard-run-", RuntimePools.RUNS,
                "switchboard-stream-", RuntimePools.STREAMS,
                "switchboard-checkpoint-", RuntimePools.CHECKPOINTS,
                "switchboard-timed-", RuntimePools.TIMED);
        for (Map.Entry<String, ExecutorService> e : pools.entrySet()) {
            Thread t = e.getValue().submit(Thread::currentThread).get(10, TimeUnit.SECONDS);
            assertTrue(t.getName().startsWith(e.getKey()), t.getName());
            assertTrue(t.isDaemon(), t.getName());
        }
    }
}
