package dev.switchboard.samples.desk;

import dev.langchain4j.model.chat.ChatModel;
import dev.switchboard.agent.Agent;
import dev.switchboard.agent.multi.Supervisor;

/**
 * The refund desk behind a front desk: a supervisor ({@code front}) that hands refund requests to the
 * {@link RefundDesk} agent ({@code desk}) and tells the customer how the desk resolved them. The desk
 * is a subgraph of the team, so its refund review pauses the whole team, on the team's thread, until
 * a human decides.
 */
public final class DeskTeam {
    private DeskTeam() {}

    /**
     * The team's builder, without a checkpointer (a server sets its own).
     *
     * @param front the front desk's model
     * @param desk the refund desk's model
     * @param summarizer the model that writes the desk's summaries
     * @return the builder
     */
    public static Supervisor.Builder builder(ChatModel front, ChatModel desk, ChatModel summarizer) {
        return Supervisor.builder(
                        "front",
                        Agent.builder(front)
                                .systemPrompt("You greet customers and hand every refund request to the desk."))
                .worker("desk", RefundDesk.builder(desk, summarizer), "Resolves refund requests")
                .graphName("team");
    }

    /**
     * The team with the sample's offline models.
     *
     * @return the builder
     */
    public static Supervisor.Builder offlineBuilder() {
        return builder(OfflineModels.front(), OfflineModels.desk(), OfflineModels.summarizer());
    }
}
