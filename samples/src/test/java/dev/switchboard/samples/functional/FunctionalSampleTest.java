package dev.switchboard.samples.functional;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.samples.ProgramRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The essay workflow through its command line, each command in a new JVM. */
class FunctionalSampleTest {
    @TempDir
    Path dir;

    @Test
    void theSectionsAreWrittenOnceAndTheReviewFinishesTheEssay() throws Exception {
        Path db = dir.resolve("essay.db");
        ProgramRun write = ProgramRun.inNewJvm(FunctionalSample.class, db, "write", "records");
        assertEquals(0, write.status(), write.err());
        assertEquals(
                List.of("WAITING: review the essay on records"),
                write.out().stream().filter(l -> !l.startsWith("WROTE: ")).toList());
        assertEquals(
                3, write.out().stream().filter(l -> l.startsWith("WROTE: ")).count());

        ProgramRun review = ProgramRun.inNewJvm(FunctionalSample.class, db, "review", "ship", "it");
        assertEquals(0, review.status(), review.err());
        assertEquals(List.of("DONE: records, 3 sections, ship it"), review.out(), "no section written again");
    }

    @Test
    void aBadCommandLine() {
        ProgramRun bad = ProgramRun.inProcess(FunctionalSample::run, dir.resolve("x.db"), "write");
        assertEquals(2, bad.status());
        assertEquals(FunctionalSample.USAGE, bad.err().strip());
    }
}
