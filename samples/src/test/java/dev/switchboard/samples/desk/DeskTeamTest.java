package dev.switchboard.samples.desk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.AiMessage;
import dev.switchboard.agent.middleware.ApprovalResponse;
import dev.switchboard.agent.middleware.ApprovalResponse.Decision;
import dev.switchboard.agent.multi.Team;
import dev.switchboard.agent.multi.TeamGraph;
import dev.switchboard.agent.multi.TeamUpdate;
import dev.switchboard.checkpoint.jdbc.JdbcSaver;
import dev.switchboard.checkpoint.jdbc.SqliteSaver;
import dev.switchboard.langchain4j.Message;
import dev.switchboard.runtime.Command;
import dev.switchboard.runtime.GraphOutput;
import dev.switchboard.runtime.RunConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The front desk hands a refund to the desk, whose review pauses the team in a SQLite file. */
class DeskTeamTest {
    @TempDir
    Path dir;

    @Test
    void theDesksReviewPausesTheTeamAndTheFrontDeskAnswersAfterIt() throws Exception {
        RunConfig thread = RunConfig.thread("customer-9");
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("team.db"))) {
            TeamGraph team = DeskTeam.offlineBuilder().checkpointer(saver).build();
            GraphOutput<Team> paused =
                    team.invoke(TeamUpdate.of().messages(List.of(Message.user("Please refund order 9"))), thread);
            assertTrue(paused.paused());
            assertEquals(List.of("desk"), team.getState(thread).next());
            assertEquals("desk", team.getState(thread).values().activeAgent());
        }
        try (JdbcSaver saver = SqliteSaver.file(dir.resolve("team.db"))) {
            TeamGraph team = DeskTeam.offlineBuilder().checkpointer(saver).build();
            Team done = team.invoke(Command.resume(ApprovalResponse.of(Decision.approve())), thread)
                    .value();
            AiMessage last =
                    (AiMessage) done.messages().get(done.messages().size() - 1).chat();
            assertEquals("The desk says: Your order 9 was refunded.", last.text());
            assertEquals("front", last.attributes().get("name"));
            assertEquals("front", done.activeAgent());
        }
    }
}
