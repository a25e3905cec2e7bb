package dev.switchboard.samples.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.samples.ProgramRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The approval workflow in one JVM through the API, and across JVMs through its command line. */
class ApprovalSampleTest {
    @TempDir
    Path dir;

    @Test
    void aDraftIsRevisedUntilApprovedThenPublished() {
        List<String> published = new ArrayList<>();
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("flow.db"))) {
            ApprovalFlowGraph graph = ApprovalFlowGraph.builder(new ApprovalFlow(Writer.template(), published::add))
                    .checkpointer(saver)
                    .build();
            RunConfig thread = RunConfig.thread("t");

            GraphOutput<Post> first = graph.invoke(PostUpdate.of().topic("records"), thread);
            assertTrue(first.paused());
            assertEquals(
                    new Review("Why records matters.", 0),
                    first.interrupts().get(0).value());
            assertEquals(List.of("review"), graph.getState(thread).next());

            GraphOutput<Post> second = graph.invoke(Command.resume(Decision.revise("add an example")), thread);
            assertTrue(second.paused());
            assertEquals(
                    new Review("Why records matters. [add an example]", 1),
                    second.interrupts().get(0).value());
            assertTrue(
                    !second.interrupts()
                            .get(0)
                            .id()
                            .equals(first.interrupts().get(0).id()),
                    "each review pause has its own interrupt id");

            GraphOutput<Post> done = graph.invoke(Command.resume(Decision.approve()), thread);
            assertTrue(!done.paused());
            assertEquals("published", done.value().status());
            assertEquals(List.of("add an example"), done.value().feedback());
            assertEquals(1, done.value().revisions());
            assertEquals(List.of("Why records matters. [add an example]"), published);
            assertEquals(List.of(), graph.getState(thread).next());
        }
    }

    @Test
    void theReviewerAnswersFromAnotherJvm() throws Exception {
        Path db = dir.resolve("approval.db");
        ProgramRun start = java(db, "start", "sealed", "types");
        assertEquals(0, start.status(), start.err());
        assertEquals(List.of("AWAITING REVIEW (thread 'post', revision 0): Why sealed types matters."), start.out());

        ProgramRun reject = java(db, "reject", "shorter title");
        assertEquals(0, reject.status(), reject.err());
        assertEquals(
                List.of("AWAITING REVIEW (thread 'post', revision 1): Why sealed types matters. [shorter title]"),
                reject.out());

        ProgramRun show = java(db, "show");
        assertEquals(
                List.of(
                        "topic: sealed types",
                        "status: revised after 1 revision(s)",
                        "draft: Why sealed types matters. [shorter title]",
                        "feedback: [shorter title]",
                        "awaiting review of: Why sealed types matters. [shorter title]"),
                show.out());

        ProgramRun approve = java(db, "approve");
        assertEquals(0, approve.status(), approve.err());
        assertEquals(
                List.of("PUBLISHED: Why sealed types matters. [shorter title]", "DONE (thread 'post'): published"),
                approve.out());

        ProgramRun again = java(db, "approve");
        assertEquals(1, again.status());
        assertEquals(
                "nothing awaits review on thread 'post'; start a post with: start TOPIC",
                again.err().strip());
    }

    @Test
    void misuseIsReportedWithoutTouchingTheThread() {
        Path db = dir.resolve("misuse.db");
        assertEquals(2, inProcess(db, "start").status(), "start needs a topic");
        assertEquals(2, inProcess(db, "publish").status());
        assertEquals(0, inProcess(db, "start", "x").status());
        ProgramRun twice = inProcess(db, "start", "y");
        assertEquals(1, twice.status());
        assertEquals(
                "thread 'post' has a draft awaiting review; approve or reject it first",
                twice.err().strip());
        assertEquals(
                List.of("thread 'other' is empty"),
                inProcess(db, "--thread", "other", "show").out());
    }

    private static ProgramRun inProcess(Path db, String... args) {
        return ProgramRun.inProcess(ApprovalSample::run, db, args);
    }

    private static ProgramRun java(Path db, String... args) throws IOException, InterruptedException {
        return ProgramRun.inNewJvm(ApprovalSample.class, db, args);
    }
}
