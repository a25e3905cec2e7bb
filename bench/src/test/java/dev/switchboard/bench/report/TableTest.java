package dev.switchboard.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The tables printed from a JMH result file: rows found by benchmark and parameter, per-step figures. */
class TableTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static String result(String benchmark, String params, double score, double error, double bytes) {
        return """
                {"benchmark":"dev.switchboard.bench.%s","jdkVersion":"17","vmName":"VM","vmVersion":"1",
                 "jmhVersion":"1.37","forks":1,"warmupIterations":1,"warmupTime":"1 s",
                 "measurementIterations":1,"measurementTime":"1 s","params":%s,
                 "primaryMetric":{"score":%s,"scoreError":%s},
                 "secondaryMetrics":{"gc.alloc.rate.norm":{"score":%s}}}""".formatted(benchmark, params, score, error, bytes);
    }

    private static List<String> print(String... results) throws Exception {
        JsonNode json = JSON.readTree("[" + String.join(",", results) + "]");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Table.print(json, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void costGrowsRowsArePerStepAndComparedWithTheSmallestSize() throws Exception {
        List<String> lines = print(
                result("grow.LoopGrowBench.switchboard", "{\"rounds\":\"100\"}", 20, 1, 44_800),
                result("grow.LoopGrowBench.switchboard", "{\"rounds\":\"10000\"}", 3000, 100, 4_480_000),
                result("grow.StateGrowBench.switchboard", "{\"messages\":\"1000\"}", 250, 10, 500_000));
        assertTrue(lines.contains("| W3 loop, per superstep | 100 | 0.200 ± 0.0100 | 448 | 1.00× |"), lines::toString);
        assertTrue(
                lines.contains("| W3 loop, per superstep | 10,000 | 0.300 ± 0.0100 | 448 | 1.50× |"), lines::toString);
        assertTrue(
                lines.contains("| state of N messages, per step | 1,000 | 0.250 ± 0.0100 | 500 | 1.00× |"),
                lines::toString);
    }

    @Test
    void serverOverheadIsTheDifferencePerRun() throws Exception {
        List<String> lines = print(
                result("server.ServerOverheadBench.direct", "{}", 400, 20, 9000),
                result("server.ServerOverheadBench.server", "{}", 1150, 30, 60_000));
        assertTrue(lines.contains("| **server overhead** (JDK HttpClient) | 750 ± 50.0 | - |"), lines::toString);
        assertTrue(
                lines.contains("Server overhead per run: 750 µs with the JDK's HttpClient in the same JVM"
                        + " (target ≤ 500 µs: not met)."),
                lines::toString);
    }

    @Test
    void serverOverheadIsJudgedOnTheSocketWhenItRan() throws Exception {
        List<String> lines = print(
                result("server.ServerOverheadBench.direct", "{}", 400, 20, 9000),
                result("server.ServerOverheadBench.server", "{}", 1150, 30, 60_000),
                result("server.ServerOverheadBench.serverSocket", "{}", 820, 40, 50_000));
        assertTrue(lines.contains("| **server overhead** (bytes on a socket) | 420 ± 60.0 | - |"), lines::toString);
        assertTrue(
                lines.contains("Server overhead per run: 750 µs with the JDK's HttpClient in the same JVM,"
                        + " 420 µs with the bytes written on a socket (target ≤ 500 µs: met)."),
                lines::toString);
    }

    @Test
    void checkpointBytesIncludeW5sGrowth() throws Exception {
        List<String> lines = print(result("linear.LinearBench.switchboard", "{}", 0.2, 0.01, 700));
        assertEquals(
                1,
                lines.stream()
                        .filter(l -> l.startsWith("W5 growth, final checkpoint after 2,000 steps ÷ after 1,000: "))
                        .count(),
                lines::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("| W5 run for 2,000 steps | ")), lines::toString);
    }

    @Test
    void theMachineLineNamesEachRunsSettings() throws Exception {
        String grow = result("grow.SendGrowBench.switchboard", "{\"width\":\"10\"}", 10, 1, 5000)
                .replace("\"warmupIterations\":1", "\"warmupIterations\":3");
        List<String> lines = print(result("linear.LinearBench.switchboard", "{}", 0.2, 0.01, 700), grow);
        assertTrue(
                lines.get(0)
                        .endsWith("JMH 1.37: -f 1 -wi 1 -w 1 s -i 1 -r 1 s -prof gc (the rest);"
                                + " -f 1 -wi 3 -w 1 s -i 1 -r 1 s -prof gc (cost grows)"),
                lines.get(0));
    }
}
