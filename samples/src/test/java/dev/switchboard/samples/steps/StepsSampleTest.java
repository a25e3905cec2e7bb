package dev.switchboard.samples.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.samples.ProgramRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checkout through its command line: in this JVM, then a JVM per command. */
class StepsSampleTest {
    @TempDir
    Path dir;

    @Test
    void theCustomerIsChargedAndMailedOnceAcrossResumes() {
        Path db = dir.resolve("steps.db");
        assertEquals(
                List.of("WAITING: ship book (ch_1)?"),
                run(db, "buy", "book", "1200").out());
        assertEquals(
                List.of("WAITING: confirm the address"),
                run(db, "answer", "yes").out());
        assertEquals(
                List.of("DONE: [charged ch_1, shipping to 1 Main St]"),
                run(db, "answer", "1 Main St").out());
        assertEquals(
                List.of("CHARGED ch_1 1200 for book", "MAILED ch_1 ships to 1 Main St, approved by yes"),
                run(db, "ledger").out());
    }

    @Test
    void eachCommandInANewJvm() throws Exception {
        Path db = dir.resolve("jvm.db");
        assertEquals(
                List.of("WAITING: ship lamp (ch_1)?"),
                java(db, "buy", "lamp", "300").out());
        assertEquals(
                List.of("WAITING: confirm the address"),
                java(db, "answer", "ok").out());
        assertEquals(
                List.of("DONE: [charged ch_1, shipping to home]"),
                java(db, "answer", "home").out());
        assertEquals(
                List.of("CHARGED ch_1 300 for lamp", "MAILED ch_1 ships to home, approved by ok"),
                java(db, "ledger").out());
        ProgramRun bad = java(db, "buy", "lamp");
        assertEquals(2, bad.status());
        assertEquals(StepsSample.USAGE, bad.err().strip());
    }

    private static ProgramRun run(Path db, String... args) {
        return ProgramRun.inProcess(StepsSample::run, db, args);
    }

    private static ProgramRun java(Path db, String... args) throws Exception {
        return ProgramRun.inNewJvm(StepsSample.class, db, args);
    }
}
