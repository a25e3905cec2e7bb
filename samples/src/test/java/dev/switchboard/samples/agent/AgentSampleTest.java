package dev.switchboard.samples.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent sample end to end: a question pauses before the tools with the calls printed; a second
 * process approves (or edits) them, the tools run and the model's answer streams in.
 */
class AgentSampleTest {
    private static final List<String> PAUSED = List.of(
            "paused before tools; the model asks for:",
            "  call-1 weather {\"city\":\"Paris\"}",
            "  call-2 calculator {\"expression\":\"12 * 7\"}",
            "run again with: approve | edit <call id> <arguments json>");

    @TempDir
    Path dir;

    @Test
    void reviewSpansTwoProcesses() throws Exception {
        Path db = dir.resolve("agent.db");
        Run ask = java(db, "ask", "What is the weather in Paris, and 12 * 7?");
        assertEquals(new Run(0, PAUSED, ""), ask);
        Run approve = java(db, "approve");
        assertEquals(
                new Run(
                        0,
                        List.of(
                                "tool call-1 weather: 18 C, light rain",
                                "tool call-2 calculator: 84",
                                "assistant: Here is what I found: weather says 18 C, light rain; calculator says 84."),
                        ""),
                approve);
    }

    @Test
    void anEditedCallRunsWithItsNewArguments() {
        Path db = dir.resolve("edit.db");
        assertEquals(new Run(0, PAUSED, ""), inProcess(db, "ask", "Weather in Paris, and 12 * 7?"));
        assertEquals(
                new Run(
                        0,
                        List.of(
                                "tool call-1 weather: 24 C, sunny",
                                "tool call-2 calculator: 84",
                                "assistant: Here is what I found: weather says 24 C, sunny; calculator says 84."),
                        ""),
                inProcess(db, "edit", "call-1", "{\"city\":\"Tokyo\"}"));
    }

    @Test
    void aFailingToolBecomesAMessageTheModelReads() {
        Path db = dir.resolve("fail.db");
        inProcess(db, "ask", "q");
        Run run = inProcess(db, "edit", "call-2", "{\"expression\":\"1 / 0\"}");
        assertEquals(
                "tool call-2 calculator: Error: ArithmeticException: Division by zero",
                run.out().get(1));
        assertEquals(" Please fix your mistakes.", run.out().get(2));
    }

    @Test
    void approvingWithNothingPendingIsAnError() {
        assertEquals(
                new Run(1, List.of(), "nothing to approve: ask a question first\n"),
                inProcess(dir.resolve("empty.db"), "approve"));
    }

    @Test
    void calculatorRejectsWhatItCannotCompute() {
        assertEquals("84", Tools.calculate("12 * 7"));
        assertEquals("2.5", Tools.calculate("10 / 4"));
        assertThrows(IllegalArgumentException.class, () -> Tools.calculate("12"));
        assertThrows(ArithmeticException.class, () -> Tools.calculate("2 ^ 3"));
    }

    private record Run(int status, List<String> out, String err) {}

    private static Run inProcess(Path db, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("--db", db.toString()));
        all.addAll(List.of(args));
        int status = AgentSample.run(
                all.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(
                status, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs the program in a new JVM on this test's class path. */
    private static Run java(Path db, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 22) {
            command.add("--enable-native-access=ALL-UNNAMED");
        }
        command.addAll(List.of(
                "-cp", System.getProperty("java.class.path"), AgentSample.class.getName(), "--db", db.toString()));
        command.addAll(List.of(args));
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
        return new Run(
                process.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8).lines().toList(),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
