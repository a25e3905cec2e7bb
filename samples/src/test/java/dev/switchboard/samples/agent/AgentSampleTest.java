package dev.switchboard.samples.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.samples.ProgramRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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
        ProgramRun ask = java(db, "ask", "What is the weather in Paris, and 12 * 7?");
        assertEquals(new ProgramRun(0, PAUSED, ""), ask);
        ProgramRun approve = java(db, "approve");
        assertEquals(
                new ProgramRun(
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
        assertEquals(new ProgramRun(0, PAUSED, ""), inProcess(db, "ask", "Weather in Paris, and 12 * 7?"));
        assertEquals(
                new ProgramRun(
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
        ProgramRun run = inProcess(db, "edit", "call-2", "{\"expression\":\"1 / 0\"}");
        assertEquals(
                "tool call-2 calculator: Error: ArithmeticException: Division by zero",
                run.out().get(1));
        assertEquals(" Please fix your mistakes.", run.out().get(2));
    }

    @Test
    void storagePrintsWhatTheThreadCostsPerChannel() {
        Path db = dir.resolve("storage.db");
        inProcess(db, "ask", "What is the weather in Paris, and 12 * 7?");
        inProcess(db, "approve");
        List<String> out = inProcess(db, "storage").out();
        // One snapshot of the conversation, then each step's messages as a delta on it.
        assertTrue(
                out.stream()
                        .anyMatch(l -> l.matches(
                                "messages: 1 snapshots and [1-9]\\d* deltas, \\d+ B; 4 pending writes, \\d+ B")),
                String.join("\n", out));
        String last = out.get(out.size() - 1);
        assertTrue(last.matches("\\d+ checkpoints, \\d+ B; in all \\d+ B"), last);
    }

    @Test
    void approvingWithNothingPendingIsAnError() {
        assertEquals(
                new ProgramRun(1, List.of(), "nothing to approve: ask a question first\n"),
                inProcess(dir.resolve("empty.db"), "approve"));
    }

    @Test
    void calculatorRejectsWhatItCannotCompute() {
        assertEquals("84", Tools.calculate("12 * 7"));
        assertEquals("2.5", Tools.calculate("10 / 4"));
        assertThrows(IllegalArgumentException.class, () -> Tools.calculate("12"));
        assertThrows(ArithmeticException.class, () -> Tools.calculate("2 ^ 3"));
    }

    private static ProgramRun inProcess(Path db, String... args) {
        return ProgramRun.inProcess(AgentSample::run, db, args);
    }

    private static ProgramRun java(Path db, String... args) throws IOException, InterruptedException {
        return ProgramRun.inNewJvm(AgentSample.class, db, args);
    }
}
