package dev.switchboard.samples.desk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.agent.AgentState;
import dev.switchboard.agent.middleware.ToolCallLimit;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.RunConfig;
import dev.switchboard.samples.ProgramRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The refund desk through its command line: reviews that wait in a SQLite file across JVMs, approved
 * and rejected refunds resolved as typed responses, a long thread summarized, and the refund limit.
 */
class RefundDeskSampleTest {
    @TempDir
    Path dir;

    private ProgramRun run(String... args) {
        return ProgramRun.inProcess(RefundDeskSample::run, dir.resolve("desk.db"), args);
    }

    @Test
    void aRefundWaitsForItsReviewerInAnotherJvm() throws Exception {
        ProgramRun ask = ProgramRun.inNewJvm(RefundDeskSample.class, dir.resolve("desk.db"), "ask", "refund order 42");
        assertEquals(0, ask.status(), ask.err());
        assertEquals(
                List.of(
                        "REVIEW refund {orderId=42, amount=19.99}: Refund requested: {\"orderId\":\"42\",\"amount\":19.99}"),
                ask.out());
        assertEquals(1, run("ask", "refund order 43").status(), "a review is pending");
        ProgramRun approve = ProgramRun.inNewJvm(RefundDeskSample.class, dir.resolve("desk.db"), "approve");
        assertEquals(List.of("RESOLVED 42 REFUNDED: Your order 42 was refunded."), approve.out(), approve.err());
    }

    @Test
    void rejectionsLongThreadsAndTheRefundLimit() {
        run("ask", "refund order 1");
        assertEquals(
                List.of("RESOLVED 1 DECLINED: We could not refund order 1: not without a receipt."),
                run("reject", "not without a receipt").out());
        run("ask", "refund order 2");
        assertEquals(
                List.of("RESOLVED 2 REFUNDED: Your order 2 was refunded."),
                run("approve").out());
        run("ask", "refund order 3");
        assertEquals(
                List.of("RESOLVED 3 REFUNDED: Your order 3 was refunded."),
                run("edit", "5.00").out());
        List<String> afterEdit = run("show").out();
        assertTrue(
                afterEdit.contains("tool refund: refunded 5.00 for order 3"), () -> "refunded as edited: " + afterEdit);
        ProgramRun fourth = run("ask", "refund order 5");
        assertEquals(
                List.of(
                        "RESOLVED 5 DECLINED: We could not refund order 5: Tool call limit exceeded. Do not call 'refund'"
                                + " again.."),
                fourth.out(),
                "the fourth refund of the thread is over the limit of three, so it is never put to the reviewer");
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("desk.db"))) {
            AgentState<Resolution> state =
                    RefundDesk.offline(saver).getState(RunConfig.thread("desk")).values();
            Message first = state.messages().get(0);
            assertTrue(
                    ((dev.langchain4j.data.message.UserMessage) first.chat())
                            .singleText()
                            .startsWith("Here is a summary of the conversation to date:\n\nThe customer and the desk"),
                    "the thread was summarized");
            assertTrue(
                    state.messages().size() < 40,
                    "and stays short: " + state.messages().size());
            assertEquals(
                    Map.of("refund", 3), state.get(ToolCallLimit.Counts.class).threadToolCallCount());
        }
        List<String> shown = run("show").out();
        assertEquals(
                "tool Resolution: {\"orderId\":\"5\",\"outcome\":\"DECLINED\",\"summary\":\"We could not refund order 5:"
                        + " Tool call limit exceeded. Do not call 'refund' again..\"}",
                shown.get(shown.size() - 2));
    }

    @Test
    void badCommandLines() {
        assertEquals(2, run("ask").status());
        assertEquals(2, run("refund", "x").status());
        assertEquals(1, run("approve").status(), "nothing to review");
        run("ask", "refund order 8");
        assertEquals(2, run("edit", "lots").status(), "an amount is a number");
    }
}
